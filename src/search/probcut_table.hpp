#pragma once
// Written by tools/probcut (parity-probcut-fit): sigma coefficients per
// group of plies, centi-discs: {a, b, c} in a + b x deep + c x (deep - shallow).

#include <array>

namespace parity::search {

inline constexpr int kProbcutPliesPerGroup = 10;
inline constexpr int kProbcutGroups = 6;
inline constexpr std::array<std::array<int, 3>, kProbcutGroups> kProbcutFit = {{
    {300, 0, 40}, {300, 0, 40}, {300, 0, 40}, {300, 0, 40}, {300, 0, 40}, {300, 0, 40},
}};

}  // namespace parity::search
