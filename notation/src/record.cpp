// The record model (beyt/notation/record.hpp).
#include "beyt/notation/record.hpp"

namespace beyt::notation {

std::string SourceLoc::full_pointer() const {
  if (base == Base::none) return pointer;
  if (base == Base::json_move) return "/games/" + std::to_string(game - 1) + "/moves/" + std::to_string(index) + "/move";
  if (base == Base::jsonl_move) return "/moves/" + std::to_string(index) + "/move";
  if (base == Base::xml_move) return "/beyt/game[" + std::to_string(game) + "]/moves/move[" + std::to_string(index + 1) + "]";
  const bool json = base == Base::json_game || base == Base::json_moves;
  std::string out = json ? "/games/" + std::to_string(game - 1) : "/beyt/game[" + std::to_string(game) + "]";
  if (base == Base::json_moves || base == Base::xml_moves) out += "/moves";
  out += pointer;
  return out;
}

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
