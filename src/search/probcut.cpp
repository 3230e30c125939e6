#include "parity/search/probcut.hpp"

#include <algorithm>

#include "probcut_table.hpp"

namespace parity::search {

int probcut_sigma(int empties, int shallow, int deep) {
  const int group = std::clamp((60 - empties) / kProbcutPliesPerGroup, 0, kProbcutGroups - 1);
  const auto& c = kProbcutFit[group];
  // Beyond the depths fitted the line has no data behind it (it fell to
  // under a disc at depth 20 in the middle game): sigma stays what it is
  // at the deepest fitted depth, for probcut's own shallow depth at one
  // of the same step of four.
  if (deep > kProbcutFitDepth) {
    const bool own = shallow == probcut_shallow_depth(deep);
    deep = own ? deep - (deep - kProbcutFitDepth + 3) / 4 * 4 : kProbcutFitDepth;
    if (own) shallow = probcut_shallow_depth(deep);
  }
  // sigma = a + b x deep + c x (deep - shallow), the form the fit tool uses.
  return std::max(50, c[0] + c[1] * deep + c[2] * (deep - shallow));
}

int probcut_fitted_depth() { return kProbcutFitDepth; }

}  // namespace parity::search
