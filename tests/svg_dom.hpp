// Test helper: the elements of an SVG page as a renderer sees them. The
// writer (beyt/svg.hpp) puts the style that consecutive elements share on a
// <g>; these helpers find the elements at any depth and read a presentation
// attribute from the element or, failing that, from its nearest ancestor.
#pragma once

#include <cstdio>
#include <pugixml.hpp>
#include <string>
#include <utility>
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

/// The translation of `e`'s frame: the sum of the translate(dx,dy) of its
/// ancestors' (and its own) transform attributes, px.
inline std::pair<double, double> svg_offset(pugi::xml_node e) {
  double x = 0, y = 0;
  for (pugi::xml_node n = e; n; n = n.parent()) {
    double dx = 0, dy = 0;
    if (auto t = n.attribute("transform"); t && std::sscanf(t.as_string(), "translate(%lf,%lf)", &dx, &dy) == 2) {
      x += dx;
      y += dy;
    }
  }
  return {x, y};
}

}  // namespace beyt::svgtest
