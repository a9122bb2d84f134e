// Internal: the tag names seen so far in one game, for the duplicate-tag
// check of the three readers (E105, E151, E161) in linear time: a short
// list is searched (most games have a dozen tags), a long one is hashed.
#pragma once

#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace beyt::notation {

class TagNames {
 public:
  /// Adds `name`; false if it was there already.
  bool insert(std::string_view name) {
    if (hashed_.empty()) {
      for (const auto& n : few_)
        if (n == name) return false;
      if (few_.size() < kFew) {
        few_.emplace_back(name);
        return true;
      }
      hashed_.reserve(2 * kFew);
      for (auto& n : few_) hashed_.insert(std::move(n));
      few_.clear();
    }
    return hashed_.emplace(name).second;
  }
  void clear() {
    few_.clear();
    hashed_.clear();
  }

 private:
  static constexpr std::size_t kFew = 16;
  std::vector<std::string> few_;
  std::unordered_set<std::string> hashed_;
};

}  // namespace beyt::notation
