#include "parity/eval/patterns.hpp"

#include <algorithm>
#include <set>

#include "parity/core/symmetry.hpp"

namespace parity::eval {

namespace {

constexpr Square sq(const char* name) { return square_at(name[0] - 'a', name[1] - '1'); }

std::vector<Square> cells(std::initializer_list<const char*> names) {
  std::vector<Square> out;
  for (const char* n : names) out.push_back(sq(n));
  return out;
}

// The cell permutations of the symmetries that map `base` onto itself:
// perm[i] = j when the symmetry sends cell i to cell j.
std::vector<std::vector<int>> self_symmetries(const std::vector<Square>& base) {
  std::vector<std::vector<int>> out;
  for (Symmetry s : kAllSymmetries) {
    if (s == Symmetry::kIdentity) continue;
    std::vector<int> perm;
    for (Square c : base) {
      const Square t = transform(c, s);
      const auto it = std::find(base.begin(), base.end(), t);
      if (it == base.end()) break;
      perm.push_back(static_cast<int>(it - base.begin()));
    }
    if (perm.size() == base.size()) out.push_back(perm);
  }
  return out;
}

}  // namespace

// The tables below are built once and never destroyed, so that a search
// thread still running while the program exits never reads freed memory.

const std::vector<Pattern>& base_patterns() {
  static const auto& patterns = *new std::vector<Pattern>{
      {"corner3x3", cells({"a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"})},
      {"corner2x5", cells({"a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2"})},
      {"edge+2x", cells({"a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "b2", "g2"})},
      {"row2", cells({"a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2"})},
      {"row3", cells({"a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3"})},
      {"row4", cells({"a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4"})},
      {"diag8", cells({"a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"})},
      {"diag7", cells({"b1", "c2", "d3", "e4", "f5", "g6", "h7"})},
      {"diag6", cells({"c1", "d2", "e3", "f4", "g5", "h6"})},
      {"diag5", cells({"d1", "e2", "f3", "g4", "h5"})},
      {"diag4", cells({"e1", "f2", "g3", "h4"})},
  };
  return patterns;
}

const std::vector<Instance>& instances() {
  static const auto& all = *new std::vector<Instance>([] {
    std::vector<Instance> out;
    const auto& patterns = base_patterns();
    for (int p = 0; p < static_cast<int>(patterns.size()); ++p) {
      std::vector<std::set<Square>> seen;
      for (Symmetry s : kAllSymmetries) {
        Instance inst{p, {}};
        for (Square c : patterns[p].cells) inst.cells.push_back(transform(c, s));
        const std::set<Square> set(inst.cells.begin(), inst.cells.end());
        if (std::find(seen.begin(), seen.end(), set) != seen.end()) continue;
        seen.push_back(set);
        out.push_back(std::move(inst));
      }
    }
    return out;
  }());
  return all;
}

const std::vector<PatternIndexing>& pattern_indexing() {
  static const auto& all = *new std::vector<PatternIndexing>([] {
    std::vector<PatternIndexing> out;
    for (const Pattern& p : base_patterns()) {
      const int n = static_cast<int>(p.cells.size());
      const auto perms = self_symmetries(p.cells);
      PatternIndexing ix;
      ix.canonical.resize(pow3(n));
      ix.compact.assign(pow3(n), 0);
      std::vector<int> digits(n);
      for (std::uint32_t index = 0; index < ix.canonical.size(); ++index) {
        std::uint32_t rest = index;
        for (int i = 0; i < n; ++i, rest /= 3) digits[i] = static_cast<int>(rest % 3);
        std::uint32_t best = index;
        for (const auto& perm : perms) {
          std::uint32_t image = 0;
          for (int i = 0; i < n; ++i) image += digits[i] * static_cast<std::uint32_t>(pow3(perm[i]));
          best = std::min(best, image);
        }
        ix.canonical[index] = best;
        if (best == index) ix.compact[index] = ix.distinct++;
      }
      out.push_back(std::move(ix));
    }
    return out;
  }());
  return all;
}

std::uint32_t feature_set_id() {
  std::uint32_t h = 2166136261u;
  for (const Pattern& p : base_patterns()) {
    for (Square c : p.cells) h = (h ^ static_cast<std::uint32_t>(c + 1)) * 16777619u;
    h = (h ^ 0xFFu) * 16777619u;
  }
  return h;
}

}  // namespace parity::eval
