// The library's version (beyt/version.hpp, generated from project(beyt VERSION ...)).
#include "beyt/version.hpp"

namespace beyt {

std::string_view version() noexcept { return BEYT_VERSION_STRING; }

}  // namespace beyt
