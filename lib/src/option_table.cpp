// The option tables' messages (lib/src/option_table.hpp), out of line: the
// game sources hold only their tables.
#include "option_table.hpp"

namespace beyt::opt {

std::size_t find_word(const std::vector<std::string_view>& words, std::string_view value) noexcept {
  std::size_t i = 0;
  while (i < words.size() && words[i] != value) ++i;
  return i;
}

Error not_a_word(std::string_view name, std::string_view value, const std::vector<std::string_view>& words) {
  std::string list;
  for (std::size_t i = 0; i < words.size(); ++i)
    list += (i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") + std::string(words[i]);
  return bad_rules("option " + std::string(name) + " cannot be '" + std::string(value) + "' (" + list + ")");
}

Error not_a_number(std::string_view name, std::string_view value, int lo, int hi) {
  return bad_rules("option " + std::string(name) + " is a number from " + std::to_string(lo) + " to " +
                   std::to_string(hi) + ", not '" + std::string(value) + "'");
}

}  // namespace beyt::opt
