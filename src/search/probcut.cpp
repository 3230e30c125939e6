#include "parity/search/probcut.hpp"

#include <algorithm>

#include "probcut_table.hpp"

namespace parity::search {

int probcut_sigma(int empties, int shallow, int deep) {
  const int group = std::clamp((60 - empties) / kProbcutPliesPerGroup, 0, kProbcutGroups - 1);
  const auto& c = kProbcutFit[group];
  // sigma = a + b x deep + c x (deep - shallow), the form the fit tool uses.
  return std::max(50, c[0] + c[1] * deep + c[2] * (deep - shallow));
}

}  // namespace parity::search
