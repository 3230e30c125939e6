#pragma once
// Written by tools/probcut (parity-probcut-fit): sigma coefficients per
// group of plies, centi-discs: {a, b, c} in a + b x deep + c x (deep - shallow),
// fitted on deep depths up to kProbcutFitDepth.

#include <array>

namespace parity::search {

inline constexpr int kProbcutFitDepth = 14;
inline constexpr int kProbcutPliesPerGroup = 10;
inline constexpr int kProbcutGroups = 6;
inline constexpr std::array<std::array<int, 3>, kProbcutGroups> kProbcutFit = {{
    {387, -30, 29},
    {346, -29, 46},
    {310, -27, 50},
    {298, -19, 44},
    {258, 5, 46},
    {258, 5, 46},
}};

}  // namespace parity::search
