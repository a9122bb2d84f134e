// An istream's buffer over generated games (for the streaming tests): a
// head, `count` copies of a game with a separator between them, a tail; made
// as it is read, never held whole in memory.
#pragma once

#include <cstdint>
#include <streambuf>
#include <string>

namespace beyt::test {

class GameStreamBuf : public std::streambuf {
 public:
  GameStreamBuf(std::string head, std::string game, std::string sep, std::string tail, std::uint32_t count)
      : head_(std::move(head)), game_(std::move(game)), sep_(std::move(sep)), tail_(std::move(tail)), count_(count) {
    cur_ = head_;
    setg(cur_.data(), cur_.data(), cur_.data() + cur_.size());
  }

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    if (emitted_ < count_) {
      cur_ = (emitted_ > 0 ? sep_ : std::string()) + game_;
      ++emitted_;
    } else if (!tail_done_ && !tail_.empty()) {
      cur_ = tail_;
      tail_done_ = true;
    } else {
      return traits_type::eof();
    }
    setg(cur_.data(), cur_.data(), cur_.data() + cur_.size());
    return traits_type::to_int_type(*gptr());
  }

 private:
  std::string head_, game_, sep_, tail_, cur_;
  std::uint32_t count_;
  std::uint32_t emitted_ = 0;
  bool tail_done_ = false;
};

}  // namespace beyt::test
