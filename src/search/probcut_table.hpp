#pragma once
// Written by tools/probcut (parity-probcut-fit): sigma coefficients per
// group of plies, centi-discs: {a, b, c} in a + b x deep + c x (deep - shallow).

#include <array>

namespace parity::search {

inline constexpr int kProbcutPliesPerGroup = 10;
inline constexpr int kProbcutGroups = 6;
inline constexpr std::array<std::array<int, 3>, kProbcutGroups> kProbcutFit = {{
    {451, -50, 57},
    {372, -46, 73},
    {399, -39, 48},
    {334, -31, 62},
    {406, -33, 84},
    {406, -33, 84},
}};

}  // namespace parity::search
