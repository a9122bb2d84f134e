// XML records (reader.hpp): read_xml, and the pull reader over the same
// Reader, paused after each game.
#include "beyt/notation/xml.hpp"
#include "../format_table.hpp"
#include "reader.hpp"

#include <cstring>
#include <deque>

namespace beyt::notation {
using namespace xml_impl;

Diagnostic Reader::run() {
  start();
  // A document; and after an error the visitor went past, another one
  // (two records joined: see epilog()).
  while (prolog() && root_content() && epilog()) {
  }
  return finish();
}

/// Pull mode (detail::pull_xml): reads on until a game or an error has
/// gone to the visitor, then stops there; true until the reading is over
/// (finish() then says how it ended).
bool Reader::resume() {
  if (phase_ == Phase::start) {
    start();
    phase_ = Phase::prolog;
  }
  for (;;) {
    switch (phase_) {
      case Phase::prolog:
        phase_ = prolog() ? Phase::games : Phase::over;
        break;
      case Phase::games: {
        pause_ = true;
        paused_ = false;
        const bool ok = root_content();
        if (paused_) return true;
        phase_ = ok ? Phase::epilog : Phase::over;
        break;
      }
      case Phase::epilog:
        phase_ = epilog() ? Phase::prolog : Phase::over;
        break;
      default:
        return false;
    }
  }
}

Diagnostic Reader::finish() {
  if (in_.bad()) {
    Diagnostic d;
    d.code = Code::io_error;
    d.file = err_.file;
    d.reason = "cannot read the input";
    return d;
  }
  if (stopped_) err_.code = Code::ok;
  if (!err_) {
    Diagnostic d;
    d.file = err_.file;
    return d;
  }
  return std::move(err_);
}

/// The first bytes read, a byte-order mark passed over.
void Reader::start() {
  fill();
  if (buf_.size() >= 3 && std::memcmp(buf_.data(), "\xEF\xBB\xBF", 3) == 0) {
    pos_ = 3;
    cur_.offset = 3;
  }
}

Diagnostic read_xml(std::istream& in, const std::string& file, GameVisitor& visitor, ReadOptions options) {
  Reader reader(in, file, visitor, options);
  return reader.run();
}

namespace {

/// XML pulled game by game: the Reader paused after each game it hands to
/// its visitor, here. What comes to the visitor before the pause (an error
/// outside the games the reader goes past, then a game) waits in a queue,
/// each with the warnings before it: one game at most, and the errors
/// before it.
class XmlPull final : public detail::PullReader, private GameVisitor {
 public:
  XmlPull(std::istream& in, const std::string& file, ReadOptions options) : reader_(in, file, *this, options) {}

  detail::PullStep next(GameRecord& game, Diagnostic& error, std::vector<Diagnostic>& warnings, bool) override {
    while (queue_.empty() && reader_.resume()) {
    }
    if (!queue_.empty()) {
      Item& item = queue_.front();
      for (Diagnostic& w : item.warnings) warnings.push_back(std::move(w));
      index_ = item.index;
      const detail::PullStep step = item.step;
      if (step == detail::PullStep::game) std::swap(game, item.game);
      else error = std::move(item.error);
      queue_.pop_front();
      return step;
    }
    for (Diagnostic& w : warnings_) warnings.push_back(std::move(w));
    warnings_.clear();
    if (!over_) {
      over_ = true;
      end_ = reader_.finish();
    }
    error = end_;
    return end_ ? detail::PullStep::stop : detail::PullStep::end;
  }

  std::uint32_t index() const noexcept override { return index_; }

 private:
  struct Item {
    detail::PullStep step;
    std::uint32_t index;
    GameRecord game;
    Diagnostic error;
    std::vector<Diagnostic> warnings;  // before it
  };

  bool game(GameRecord&& record, std::uint32_t index) override {
    queue_.push_back(Item{detail::PullStep::game, index, std::move(record), {}, std::move(warnings_)});
    warnings_.clear();
    return true;
  }
  bool error(const Diagnostic& d) override {
    queue_.push_back(Item{detail::PullStep::error, d.game, {}, d, std::move(warnings_)});
    warnings_.clear();
    return true;
  }
  void warning(const Diagnostic& w) override { warnings_.push_back(w); }

  Reader reader_;
  std::deque<Item> queue_;
  std::vector<Diagnostic> warnings_;  // met since the last game or error
  std::uint32_t index_ = 0;
  bool over_ = false;
  Diagnostic end_;
};

}  // namespace

std::unique_ptr<detail::PullReader> detail::pull_xml(std::istream& in, const std::string& file, ReadOptions options) {
  return std::make_unique<XmlPull>(in, file, options);
}

}  // namespace beyt::notation
