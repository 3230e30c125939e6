#pragma once
// Written by tools/probcut (parity-probcut-fit): sigma coefficients per
// group of plies, centi-discs: {a, b, c} in a + b x deep + c x (deep - shallow).

#include <array>

namespace parity::search {

inline constexpr int kProbcutPliesPerGroup = 10;
inline constexpr int kProbcutGroups = 6;
inline constexpr std::array<std::array<int, 3>, kProbcutGroups> kProbcutFit = {{
    {421, -37, 33},
    {397, -55, 78},
    {361, -37, 56},
    {369, -42, 71},
    {383, -19, 60},
    {383, -19, 60},
}};

}  // namespace parity::search
