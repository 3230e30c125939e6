#include "report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

namespace parity::match {

namespace {

std::string format(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char escaped[8];
          std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(c));
          out += escaped;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

// JSON has no infinity: an unbounded figure is null.
std::string json_number(double v) { return std::isfinite(v) ? format("%.2f", v) : "null"; }

std::string wdl_json(const Wdl& w) {
  return "\"wins\": " + std::to_string(w.wins) + ", \"losses\": " + std::to_string(w.losses) + ", \"draws\": " +
         std::to_string(w.draws) + ", \"score\": " + format("%.4f", w.score());
}

std::string elo_json(const Wdl& w) {
  const EloEstimate e = estimate_elo(w);
  return "\"elo\": " + json_number(e.diff) + ", \"elo_error\": " + json_number(e.error) + ", \"los\": " + format("%.4f", e.los);
}

std::string verdict_text(SprtVerdict v) {
  switch (v) {
    case SprtVerdict::kH0: return "H0 was accepted";
    case SprtVerdict::kH1: return "H1 was accepted";
    case SprtVerdict::kContinue: break;
  }
  return "inconclusive";
}

// Engines ordered by score against the field, best first.
std::vector<int> ranking(const Standings& s) {
  std::vector<int> order(s.names().size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return s.total(a).score() > s.total(b).score(); });
  return order;
}

}  // namespace

std::string score_lines(const Standings& s, int pair) {
  const Pairing& p = s.pairs()[static_cast<std::size_t>(pair)];
  const PairResult& r = s.pair(pair);
  const std::string& a = s.names()[static_cast<std::size_t>(p.first)];
  const std::string& b = s.names()[static_cast<std::size_t>(p.second)];
  const EloEstimate e = estimate_elo(r.wdl);
  std::string out = "Score of " + a + " vs " + b + ": " + std::to_string(r.wdl.wins) + " - " + std::to_string(r.wdl.losses) +
                    " - " + std::to_string(r.wdl.draws) + "  [" + format("%.3f", r.wdl.score()) + "] " +
                    std::to_string(r.wdl.games()) + "\n";
  out += "Elo difference: " + elo_text(e.diff) + " +/- " + elo_text(e.error) + ", LOS: " + format("%.1f", e.los * 100) +
         " %, DrawRatio: " + format("%.1f", e.draw_ratio * 100) + " %\n";
  if (r.first_forfeits || r.second_forfeits)
    out += "Forfeits: " + a + " " + std::to_string(r.first_forfeits) + ", " + b + " " + std::to_string(r.second_forfeits) + "\n";
  return out;
}

std::string progress_line(const Standings& s, int planned, const std::optional<SprtBounds>& sprt) {
  const Wdl& w = s.total(0);
  const EloEstimate e = estimate_elo(w);
  std::string out = "Games " + std::to_string(s.games()) + " of " + std::to_string(planned) + ", " + s.names()[0] + ": +" +
                    std::to_string(w.wins) + " =" + std::to_string(w.draws) + " -" + std::to_string(w.losses) + " " +
                    format("%.1f", w.score() * 100) + "%, Elo " + elo_text(e.diff) + " +/- " + elo_text(e.error);
  int forfeits = 0;
  for (std::size_t i = 0; i < s.names().size(); ++i) forfeits += s.forfeits(static_cast<int>(i));
  if (forfeits) out += ", forfeits " + std::to_string(forfeits);
  if (sprt) out += ", LLR " + format("%.2f", sprt_llr(s.pair(0).wdl, *sprt)) + " [" + format("%.2f", sprt->lower()) + ", " +
                   format("%.2f", sprt->upper()) + "]";
  return out;
}

std::string sprt_line(const Standings& s, const SprtBounds& b) {
  const Wdl& w = s.pair(0).wdl;
  const double llr = sprt_llr(w, b);
  const double bound = llr >= 0 ? b.upper() : -b.lower();
  return "SPRT: llr " + format("%.2f", llr) + " (" + format("%.1f", 100 * std::abs(llr) / bound) + "%), lbound " +
         format("%.2f", b.lower()) + ", ubound " + format("%.2f", b.upper()) + " - " + verdict_text(sprt_verdict(w, b)) + "\n";
}

std::string final_table(const Standings& s) {
  std::size_t width = 4;
  for (const auto& n : s.names()) width = std::max(width, n.size());
  char line[256];
  std::snprintf(line, sizeof line, "%4s %-*s %7s %7s %6s %7s %6s %8s\n", "Rank", static_cast<int>(width), "Name", "Elo", "+/-",
                "Games", "Score", "Draw", "Forfeits");
  std::string out = line;
  int rank = 0;
  for (int i : ranking(s)) {
    const Wdl& w = s.total(i);
    const EloEstimate e = estimate_elo(w);
    std::snprintf(line, sizeof line, "%4d %-*s %7s %7s %6d %6.1f%% %5.1f%% %8d\n", ++rank, static_cast<int>(width),
                  s.names()[static_cast<std::size_t>(i)].c_str(), elo_text(e.diff).c_str(), elo_text(e.error).c_str(),
                  w.games(), w.score() * 100, e.draw_ratio * 100, s.forfeits(i));
    out += line;
  }
  return out;
}

std::string json_summary(const Standings& s, const SummaryInfo& info) {
  std::string out = "{\n  \"engines\": [";
  for (std::size_t i = 0; i < info.engines.size(); ++i) {
    const EngineSpec& e = info.engines[i];
    out += std::string(i ? ",\n" : "\n") + "    {\"name\": " + json_string(e.name) + ", \"command\": " +
           json_string(e.command.program) + ", \"protocol\": " + json_string(std::string(protocol_name(e.protocol))) +
           ", \"time_control\": " + json_string(e.time.describe()) + "}";
  }
  out += "\n  ],\n  \"games_planned\": " + std::to_string(info.planned) + ",\n  \"games_played\": " + std::to_string(s.games()) +
         ",\n  \"seed\": " + std::to_string(info.seed) + ",\n  \"openings\": " + json_string(info.openings_path) +
         ",\n  \"ggf\": " + json_string(info.ggf_path) + ",\n  \"pairs\": [";
  for (std::size_t i = 0; i < s.pairs().size(); ++i) {
    const Pairing& p = s.pairs()[i];
    const PairResult& r = s.pair(static_cast<int>(i));
    out += std::string(i ? ",\n" : "\n") + "    {\"first\": " + json_string(s.names()[static_cast<std::size_t>(p.first)]) +
           ", \"second\": " + json_string(s.names()[static_cast<std::size_t>(p.second)]) + ", \"games\": " +
           std::to_string(r.wdl.games()) + ", " + wdl_json(r.wdl) + ", " + elo_json(r.wdl) + ", \"first_forfeits\": " +
           std::to_string(r.first_forfeits) + ", \"second_forfeits\": " + std::to_string(r.second_forfeits) + "}";
  }
  out += "\n  ],\n  \"standings\": [";
  int rank = 0;
  for (int i : ranking(s)) {
    const Wdl& w = s.total(i);
    out += std::string(rank ? ",\n" : "\n") + "    {\"rank\": " + std::to_string(rank + 1) + ", \"name\": " +
           json_string(s.names()[static_cast<std::size_t>(i)]) + ", \"games\": " + std::to_string(w.games()) + ", " +
           wdl_json(w) + ", " + elo_json(w) + ", \"forfeits\": " + std::to_string(s.forfeits(i)) + "}";
    ++rank;
  }
  out += "\n  ],\n  \"terminations\": {";
  for (int k = 0; k < kTerminationKinds; ++k) {
    const auto t = static_cast<Termination>(k);
    out += std::string(k ? ", " : "") + json_string(std::string(termination_name(t))) + ": " + std::to_string(s.count(t));
  }
  out += "}";
  if (info.sprt) {
    const SprtBounds& b = *info.sprt;
    const Wdl& w = s.pair(0).wdl;
    out += ",\n  \"sprt\": {\"elo0\": " + json_number(b.elo0) + ", \"elo1\": " + json_number(b.elo1) + ", \"alpha\": " +
           format("%.4f", b.alpha) + ", \"beta\": " + format("%.4f", b.beta) + ", \"llr\": " + format("%.4f", sprt_llr(w, b)) +
           ", \"lower\": " + format("%.4f", b.lower()) + ", \"upper\": " + format("%.4f", b.upper()) + ", \"result\": " +
           json_string(sprt_verdict(w, b) == SprtVerdict::kH1   ? "H1"
                       : sprt_verdict(w, b) == SprtVerdict::kH0 ? "H0"
                                                                 : "inconclusive") +
           "}";
  }
  return out + "\n}\n";
}

}  // namespace parity::match
