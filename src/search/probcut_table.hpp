#pragma once
// Written by tools/probcut (parity-probcut-fit): sigma coefficients per
// group of plies, centi-discs: {a, b, c} in a + b x deep + c x (deep - shallow).

#include <array>

namespace parity::search {

inline constexpr int kProbcutPliesPerGroup = 10;
inline constexpr int kProbcutGroups = 6;
inline constexpr std::array<std::array<int, 3>, kProbcutGroups> kProbcutFit = {{
    {466, -46, 39},
    {419, -53, 76},
    {409, -43, 57},
    {375, -43, 77},
    {408, -34, 84},
    {408, -34, 84},
}};

}  // namespace parity::search
