#pragma once
// Written by tools/probcut (parity-probcut-fit): sigma coefficients per
// group of plies, centi-discs: {a, b, c} in a + b x deep + c x (deep - shallow).

#include <array>

namespace parity::search {

inline constexpr int kProbcutPliesPerGroup = 10;
inline constexpr int kProbcutGroups = 6;
inline constexpr std::array<std::array<int, 3>, kProbcutGroups> kProbcutFit = {{
    {439, -58, 70},
    {353, -44, 70},
    {412, -41, 49},
    {320, -23, 49},
    {388, -33, 87},
    {388, -33, 87},
}};

}  // namespace parity::search
