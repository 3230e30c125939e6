#pragma once
// Least squares with three unknowns: accumulate the normal equations
// A^T A x = A^T b row by row, then solve them.

namespace parity::probcut_fit {

struct NormalEquations3 {
  double ata[3][3] = {};
  double atb[3] = {};

  // One observation `value` of the row, counted `weight` times.
  void add(const double (&row)[3], double value, double weight = 1.0) {
    for (int i = 0; i < 3; ++i) {
      atb[i] += weight * row[i] * value;
      for (int j = 0; j < 3; ++j) ata[i][j] += weight * row[i] * row[j];
    }
  }

  // Gaussian elimination; a tiny ridge keeps a system with few distinct rows solvable.
  void solve(double (&x)[3]) const {
    double a[3][3], b[3];
    for (int i = 0; i < 3; ++i) {
      b[i] = atb[i];
      for (int j = 0; j < 3; ++j) a[i][j] = ata[i][j] + (i == j ? 1e-3 : 0.0);
    }
    for (int c = 0; c < 3; ++c)
      for (int r = c + 1; r < 3; ++r) {
        const double f = a[r][c] / a[c][c];
        for (int k = c; k < 3; ++k) a[r][k] -= f * a[c][k];
        b[r] -= f * b[c];
      }
    for (int r = 2; r >= 0; --r) {
      double s = b[r];
      for (int k = r + 1; k < 3; ++k) s -= a[r][k] * x[k];
      x[r] = s / a[r][r];
    }
  }
};

}  // namespace parity::probcut_fit
