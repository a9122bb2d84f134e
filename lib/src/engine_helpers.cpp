// The engines' shared helpers (lib/src/engine_helpers.hpp).
#include "engine_helpers.hpp"

namespace beyt {

bool fault(Error& error, Code code, std::size_t offset, std::string reason) {
  error = Error{code, std::move(reason), static_cast<std::uint32_t>(offset)};
  return false;
}

namespace engine {

std::string notation_section(int section) { return " (NOTATION.md section " + std::to_string(section) + ")"; }

}  // namespace engine
}  // namespace beyt
