#pragma once
// Written by parity-endcut-fit (tools/probcut): the spread of the final score
// around the shallow evaluation search, centi-discs:
// {a, b, c} in a + b x empties + c x depth, fitted on 12-22 empties, depths 0-6.

#include <array>

namespace parity::search {

inline constexpr int kEndcutMinSigma = 100;
inline constexpr std::array<int, 3> kEndcutFit = {1086, -6, -70};

}  // namespace parity::search
