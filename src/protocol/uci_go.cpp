#include "parity/protocol/uci_go.hpp"

#include <algorithm>
#include <limits>

#include "parity/core/notation.hpp"
#include "parity/protocol/text.hpp"

namespace parity::protocol {

GoRequest parse_go(const std::vector<std::string_view>& words, const search::Limits& base, const Position& position) {
  GoRequest request;
  request.limits = base;
  search::Limits& limits = request.limits;
  const auto ignored = [&](std::string why) {
    request.notes.push_back(std::move(why));
    request.unreadable = true;
  };
  const auto clamped = [&](const std::string& word, long long v, long long lo, long long hi) {
    const long long c = std::clamp(v, lo, hi);
    if (c != v)
      request.notes.push_back(word + " " + std::to_string(v) + " is out of range " + std::to_string(lo) + ".." +
                              std::to_string(hi) + ", using " + std::to_string(c));
    return c;
  };
  // Black's clock and increment first (btime, p1time), then white's.
  std::int64_t clock[2] = {-1, -1}, increment[2] = {0, 0};
  for (std::size_t i = 1; i < words.size(); ++i) {
    const std::string word = lower_case(words[i]);
    if (word == "infinite") {
      limits.infinite = true;
      continue;
    }
    if (word == "exact") {
      limits.exact = true;
      continue;
    }
    if (word == "searchmoves") {
      const Bitboard legal = position.board.legal_moves();
      Bitboard chosen = 0;
      for (; i + 1 < words.size(); ++i) {
        const auto m = parse_move(words[i + 1]);
        if (!m) break;
        if (*m == kPass || !(legal & bit(*m))) ignored("searchmoves: " + shown(words[i + 1]) + " is not a legal move");
        else chosen |= bit(*m);
      }
      if (!chosen) ignored("searchmoves needs at least one legal move; searching them all");
      limits.root_moves = chosen;
      continue;
    }
    const bool takes_number = word == "depth" || word == "nodes" || word == "movetime" || word == "btime" ||
                              word == "wtime" || word == "binc" || word == "winc" || word == "p1time" ||
                              word == "p2time" || word == "p1inc" || word == "p2inc" || word == "movestogo";
    if (!takes_number) {
      ignored("unknown word " + shown(words[i]) + " ignored");
      continue;
    }
    const auto n = i + 1 < words.size() ? parse_saturating(words[i + 1]) : std::nullopt;
    if (!n) {
      ignored(word + " needs a number; ignored");
      continue;
    }
    ++i;
    const long long v = *n;
    if (word == "depth") {
      limits.depth = static_cast<int>(clamped(word, v, 1, 60));
    } else if (word == "nodes") {
      limits.nodes = static_cast<std::uint64_t>(clamped(word, v, 1, std::numeric_limits<long long>::max()));
    } else if (word == "movetime") {
      // 0 is taken as the least time, as before; below 0 is out of range.
      limits.movetime_ms = std::max<long long>(clamped(word, v, 0, std::numeric_limits<long long>::max()), 1);
    } else if (word == "movestogo") {
      limits.moves_to_go = static_cast<int>(clamped(word, v, 0, 1000));
    } else {
      const int side = (word == "btime" || word == "binc" || word == "p1time" || word == "p1inc") ? 0 : 1;
      if (word.find("inc") != std::string::npos) increment[side] = std::max<long long>(v, 0);
      else clock[side] = v;
    }
  }
  const int me = position.side == Color::kBlack ? 0 : 1;
  if (clock[me] != -1) {
    limits.time_left_ms = clock[me];
    limits.increment_ms = increment[me];
  }
  return request;
}

}  // namespace parity::protocol
