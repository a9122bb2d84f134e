// Test helper: the elements of an SVG page as a renderer sees them. The
// writer (beyt/svg.hpp) puts the style that consecutive elements share on a
// <g>; these helpers find the elements at any depth and read a presentation
// attribute from the element or, failing that, from its nearest ancestor.
#pragma once

#include <pugixml.hpp>
#include <string>
#include <vector>

namespace beyt::svgtest {

/// Every element called `name` under `root`, at any depth, in document order.
inline std::vector<pugi::xml_node> svg_elements(pugi::xml_node root, const char* name) {
  std::vector<pugi::xml_node> out;
  for (pugi::xml_node n = root.first_child(); n; n = n.next_sibling()) {
    if (n.type() != pugi::node_element) continue;
    if (std::string(n.name()) == name) out.push_back(n);
    auto inner = svg_elements(n, name);
    out.insert(out.end(), inner.begin(), inner.end());
  }
  return out;
}

/// Attribute `name` of `e` as inherited: from `e` or its nearest ancestor
/// that has it; "" if none.
inline std::string svg_attr(pugi::xml_node e, const char* name) {
  for (pugi::xml_node n = e; n; n = n.parent())
    if (auto a = n.attribute(name)) return a.as_string();
  return {};
}

}  // namespace beyt::svgtest
