// The record model (beyt/notation/record.hpp).
#include "beyt/notation/record.hpp"

namespace beyt::notation {

const TagPair* GameRecord::find_tag(std::string_view name) const noexcept {
  for (const auto& tag : tags)
    if (tag.name == name) return &tag;
  return nullptr;
}

void GameRecord::set_tag(std::string_view name, std::string value) {
  for (auto& tag : tags)
    if (tag.name == name) {
      tag.value = std::move(value);
      return;
    }
  TagPair tag;
  tag.name = std::string(name);
  tag.value = std::move(value);
  tags.push_back(std::move(tag));
}

std::string_view roster_default(std::string_view name) noexcept {
  if (name == "Date") return "????.??.??";
  if (name == "Result") return "*";
  return "?";
}

}  // namespace beyt::notation
