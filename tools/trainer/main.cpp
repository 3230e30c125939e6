// parity-train: the evaluation training pipeline.
//   parity-train all --data ../shared/data --work build/train --out data/eval/weights.bin
// runs every step; each step also runs alone (extract, label, fit, report; match
// plays two evaluations against each other; selfplay plays games for
// training and merge joins its shards). Steps
// resume from their outputs in --work, and --cpu-seconds bounds a run.

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <mutex>
#include <set>
#include <iostream>
#include <string>
#include <thread>


#include <boost/program_options.hpp>

#include "parity/core/cpu.hpp"
#include "fit.hpp"
#include "games.hpp"
#include "label.hpp"
#include "match.hpp"
#include "selfplay.hpp"
#include "parity/core/file_io.hpp"
#include "parity/core/progress.hpp"
#include "parity/core/shard.hpp"
#include "parity/eval/evaluator.hpp"
#include "parity/search/endgame.hpp"

using namespace parity;
using namespace parity::trainer;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

struct Options {
  std::string data = "../shared/data";
  std::string work = "build/train";
  std::string out = "data/eval/weights.bin";
  std::string weights;  // report: the file to measure (default: --out)
  std::vector<std::string> self_play;  // extract: files of Parity's games (GGF or selfplay)
  std::uint64_t selfplay_games = 0;    // all: self-play games played first (0: none)
  std::string test_set;                // report: a selfplay file to measure on instead of the held-out samples
  std::string prior;                   // fit: weights the ridge term pulls toward (empty: zeros)
  double cpu_seconds = 0;  // 0: no limit
  WthorLabels wthor_labels = WthorLabels::kTheoretical;
  LabelPlan label;
  int threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));  // label, fit
  FitOptions fit;
  MatchOptions match;
  SelfPlayJob selfplay;
  std::vector<std::string> inputs;  // merge: the files to join
};

const Clock::time_point g_start = Clock::now();

double elapsed() { return std::chrono::duration<double>(Clock::now() - g_start).count(); }

bool over_budget(const Options& o) { return o.cpu_seconds > 0 && elapsed() > o.cpu_seconds; }

std::string samples_path(const Options& o) { return o.work + "/samples.bin"; }
std::string checkpoint_path(const Options& o) { return o.work + "/fit-checkpoint.bin"; }
std::string done_path(const Options& o) { return o.work + "/fit-done.txt"; }

// A selfplay file's training positions; a bad line is said, not fatal.
GameStats read_selfplay_file(const std::string& path, std::vector<Sample>& samples) {
  std::string error;
  const GameStats stats = selfplay_samples(path, samples, &error);
  if (!error.empty()) std::fprintf(stderr, "%s: %s\n", path.c_str(), error.c_str());
  return stats;
}

int extract(const Options& o) {
  if (fs::exists(samples_path(o))) {
    std::printf("extract: %s exists, kept (delete it to extract again)\n", samples_path(o).c_str());
    return 0;
  }
  fs::create_directories(o.work);
  std::vector<Sample> samples;
  Progress bar;
  GameStats stats = read_all_games(o.data, samples, o.wthor_labels, [&](std::size_t done, std::size_t total) {
    bar.update("extract: reading games", total ? static_cast<double>(done) / total : 1);
  });
  bar.finish();
  GameStats own;
  for (const std::string& path : o.self_play) {
    const GameStats more = is_selfplay_file(path) ? read_selfplay_file(path, samples) : read_ggf_games(path, samples);
    if (more.games == 0) {
      std::fprintf(stderr, "extract: no games in %s\n", path.c_str());
      return 1;
    }
    own.games += more.games;
    own.skipped += more.skipped;
    own.positions += more.positions;
  }
  if (stats.games == 0 && own.games == 0) {
    std::fprintf(stderr, "extract: no games found under %s\n", o.data.c_str());
    return 1;
  }
  if (!o.self_play.empty())
    std::printf("extract: self-play %zu games (%zu skipped), %zu positions\n", own.games, own.skipped, own.positions);
  stats.games += own.games;
  stats.positions += own.positions;
  stats.skipped += own.skipped;
  deduplicate(samples);
  std::size_t held = 0, exact = 0;
  for (const Sample& s : samples) {
    held += is_held_out(s.board);
    exact += s.exact;
  }
  std::printf("extract: %zu games (%zu unfinished or unreadable, skipped), %zu positions, %zu distinct under symmetry, "
              "%zu held out, %zu with exact labels\n",
              stats.games, stats.skipped, stats.positions, samples.size(), held, exact);
  return save_samples(samples, samples_path(o)) ? 0 : 1;
}

// Replaces game results by exact scores from our solver (label.hpp says
// which), on --threads threads, saving between batches at most once a
// minute: a stopped run keeps its work and the next one goes on where it
// stopped.
int label(const Options& o) {
  std::vector<Sample> samples;
  if (!load_samples(samples, samples_path(o))) {
    std::fprintf(stderr, "label: cannot read %s; run extract first\n", samples_path(o).c_str());
    return 1;
  }
  const std::vector<std::size_t> todo = label_order(samples, o.label);
  Progress bar;
  auto saved = Clock::now();
  std::atomic<std::size_t> done{0};
  std::mutex drawing;
  bool out_of_budget = false;
  // Batches keep the samples still while they are saved between them.
  constexpr std::size_t kBatch = 2048;
  for (std::size_t first = 0; first < todo.size() && !out_of_budget; first += kBatch) {
    const std::size_t last = std::min(todo.size(), first + kBatch);
    const std::size_t solved = label_range(
        samples, todo, first, last, o.threads, [&] { return !over_budget(o); },
        [&](const Sample& s) {
          const std::size_t d = ++done;
          if (std::unique_lock lock(drawing, std::try_to_lock); lock)
            bar.update("label: " + std::to_string(s.board.empties()) + " empties",
                       static_cast<double>(d) / static_cast<double>(todo.size()));
        });
    out_of_budget = solved < last - first;
    if (Clock::now() - saved > std::chrono::seconds(60)) {
      if (!save_samples(samples, samples_path(o))) return 1;
      saved = Clock::now();
    }
  }
  bar.finish();
  if (!save_samples(samples, samples_path(o))) return 1;
  std::printf("label: %zu of %zu positions solved exactly (all with <= %d empties, up to %zu of each count to %d)%s\n",
              done.load(), todo.size(), o.label.exact_empties, o.label.sample_per_empties, o.label.sample_empties,
              out_of_budget ? "; CPU budget reached, run again to resume" : "");
  return out_of_budget ? 2 : 0;
}

eval::CompactWeights zero_weights() {
  eval::CompactWeights c;
  c.stages.assign(eval::kStages, std::vector<std::int16_t>(eval::compact_size(), 0));
  return c;
}

int fit(const Options& o) {
  std::vector<Sample> samples;
  if (!load_samples(samples, samples_path(o))) {
    std::fprintf(stderr, "fit: cannot read %s; run extract first\n", samples_path(o).c_str());
    return 1;
  }
  std::vector<std::vector<float>> prior(eval::kStages);  // in discs; empty: zeros
  if (!o.prior.empty()) {
    auto loaded = o.prior == "default" ? Expected<std::shared_ptr<const eval::Weights>>(eval::default_weights())
                                       : eval::load_weights_file(o.prior);
    if (!loaded) {
      std::fprintf(stderr, "fit: prior %s: %s\n", o.prior.c_str(), loaded.error().message.c_str());
      return 1;
    }
    for (int stage = 0; stage < eval::kStages; ++stage)
      for (std::int16_t v : (*loaded)->compact().stages[stage]) prior[stage].push_back(v / 100.0f);
  }
  eval::CompactWeights weights = zero_weights();
  std::set<int> done;
  const std::string fingerprint = fit_fingerprint(o.fit, samples, prior);
  if (auto list = read_file(done_path(o), kMaxTextFileBytes, "checkpoint list")) {
    auto stages = read_checkpoint_list(*list, fingerprint);
    auto loaded = eval::load_weights_file(checkpoint_path(o));
    if (stages && loaded) {
      weights = (*loaded)->compact();
      done = *stages;
      std::printf("fit: resuming from %s, %zu of %d stages fitted\n", checkpoint_path(o).c_str(), done.size(), eval::kStages);
    } else {
      std::printf("fit: the checkpoint in %s is from other settings, samples or prior (or unreadable); starting over\n",
                  o.work.c_str());
    }
  }
  Progress bar;
  const double steps = static_cast<double>(eval::kStages - done.size()) * o.fit.iterations;
  int step = 0;
  bool out_of_budget = false;
  std::string write_error;  // the first checkpoint that could not be written
  // One stage at a time with --threads sharing each step: the memory of
  // one stage's rows, and every thread busy to the end (stages fitted at
  // once use at most 15 threads and wait on the largest stage).
  for (int stage = 0; stage < eval::kStages && !out_of_budget && write_error.empty(); ++stage) {
    if (done.count(stage)) continue;
    if (over_budget(o)) {
      out_of_budget = true;
      break;
    }
    const auto w = fit_stage(samples, stage, o.fit, prior[stage], o.threads, [&](int) {
      bar.update("fit", ++step / steps);
      return !over_budget(o);
    });
    if (w.empty()) {
      out_of_budget = true;
      break;
    }
    for (std::size_t j = 0; j < w.size(); ++j)
      weights.stages[stage][j] = static_cast<std::int16_t>(std::clamp(std::lround(w[j] * 100.0), -32767L, 32767L));
    done.insert(stage);
    auto err = eval::save_weights_file(weights, checkpoint_path(o));
    if (!err) err = write_file(done_path(o), checkpoint_list(fingerprint, done));
    if (err) write_error = err->message;
  }
  bar.finish();
  if (!write_error.empty()) {
    std::fprintf(stderr, "fit: %s\n", write_error.c_str());
    return 1;
  }
  if (out_of_budget) {
    std::printf("fit: CPU budget reached after %zu of %d stages; run again to resume\n", done.size(), eval::kStages);
    return 2;
  }
  if (auto err = eval::save_weights_file(weights, o.out)) {
    std::fprintf(stderr, "fit: %s\n", err->message.c_str());
    return 1;
  }
  std::printf("fit: wrote %s (%ju bytes)\n", o.out.c_str(), static_cast<std::uintmax_t>(fs::file_size(o.out)));
  fs::remove(done_path(o));
  return 0;
}

// Held-out mean absolute error per stage, in discs, of the weights as shipped.
int report(const Options& o) {
  const std::string path = o.weights.empty() ? o.out : o.weights;
  auto weights = eval::load_weights_file(path);
  if (!weights) {
    std::fprintf(stderr, "report: %s\n", weights.error().message.c_str());
    return 1;
  }
  std::vector<Sample> samples;
  // A test set is measured whole: none of its games were trained on.
  const bool test_set = !o.test_set.empty();
  if (test_set) {
    if (read_selfplay_file(o.test_set, samples).positions == 0) {
      std::fprintf(stderr, "report: no games in %s\n", o.test_set.c_str());
      return 1;
    }
  } else if (!load_samples(samples, samples_path(o))) {
    std::fprintf(stderr, "report: cannot read %s; run extract first\n", samples_path(o).c_str());
    return 1;
  }
  std::vector<double> err(eval::kStages, 0), exact_err(eval::kStages, 0), train_err(eval::kStages, 0);
  std::vector<std::size_t> n(eval::kStages, 0), exact_n(eval::kStages, 0), train_n(eval::kStages, 0);
  for (std::size_t i = 0; i < samples.size(); ++i) {
    const Sample& s = samples[i];
    const int stage = eval::stage_of(s.board.empties());
    const double e = std::abs(eval::evaluate(**weights, s.board) / 100.0 - s.label);
    if (test_set || is_held_out(s.board)) {
      err[stage] += e;
      ++n[stage];
      if (s.exact) {
        exact_err[stage] += e;
        ++exact_n[stage];
      }
    } else if (i % 19 == 0) {
      train_err[stage] += e;
      ++train_n[stage];
    }
  }
  // The exact column compares with proven scores only: the truth, where the
  // other columns mostly measure the noise of game results.
  if (test_set) std::printf("test set %s (every position counts as held out)\n", o.test_set.c_str());
  std::printf("weights %s\nstage  plies   held-out  MAE(discs)  exact  MAE(exact)  train MAE(sampled)\n", path.c_str());
  double all = 0, all_exact = 0;
  std::size_t all_n = 0, all_exact_n = 0;
  for (int s = 0; s < eval::kStages; ++s) {
    std::printf("%5d  %2d-%2d  %9zu  %10.2f  %6zu  %10.2f  %10.2f\n", s, s * eval::kPliesPerStage,
                s == eval::kStages - 1 ? 59 : s * eval::kPliesPerStage + eval::kPliesPerStage - 1, n[s],
                n[s] ? err[s] / n[s] : 0.0, exact_n[s], exact_n[s] ? exact_err[s] / exact_n[s] : 0.0,
                train_n[s] ? train_err[s] / train_n[s] : 0.0);
    all += err[s];
    all_n += n[s];
    all_exact += exact_err[s];
    all_exact_n += exact_n[s];
  }
  std::printf("all exact %zu held out, MAE %.2f discs\n", all_exact_n, all_exact_n ? all_exact / all_exact_n : 0.0);
  std::printf("all    %9zu held out, MAE %.2f discs\n", all_n, all_n ? all / all_n : 0.0);
  return 0;
}

std::string with_commas(std::uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

int selfplay(const Options& o) {
  SelfPlayJob job = o.selfplay;
  job.keep_going = [&] { return !over_budget(o); };
  const auto since = Clock::now();
  // A log gets the summary alone; a terminal also sees the games go by.
  Progress bar;
  if (bar.enabled())
    job.on_game = [&](std::uint64_t done, std::uint64_t total, std::uint64_t played, std::uint64_t todo) {
      const double hours = std::max(1e-9, std::chrono::duration<double>(Clock::now() - since).count() / 3600);
      bar.update("selfplay", static_cast<double>(played) / static_cast<double>(todo),
                 std::to_string(done) + "/" + std::to_string(total) + " games, " +
                     std::to_string(std::llround(static_cast<double>(played) / hours)) + "/h");
    };
  const SelfPlayReport r = run_selfplay(job);
  bar.finish();
  if (!r.error.empty()) {
    std::fprintf(stderr, "selfplay: %s\n", r.error.c_str());
    return 1;
  }
  const std::uint64_t held = r.kept + r.played;
  std::printf("selfplay: %s games played, %s positions, %.0f games/hour, %.1f s; %s", with_commas(r.played).c_str(),
              with_commas(r.positions).c_str(), r.seconds > 0 ? r.played * 3600 / r.seconds : 0.0, r.seconds,
              o.selfplay.out.c_str());
  if (job.shard_n > 1)
    std::printf(" holds %s games (shard %ju/%ju: %s)", with_commas(held).c_str(), static_cast<std::uintmax_t>(job.shard_k),
                static_cast<std::uintmax_t>(job.shard_n), with_commas(r.shard_games).c_str());
  else
    std::printf(" holds %s of %s games", with_commas(held).c_str(), with_commas(r.shard_games).c_str());
  if (r.dropped) std::printf(" (%ju unfinished or invalid lines dropped)", static_cast<std::uintmax_t>(r.dropped));
  std::printf(r.stopped ? "; CPU budget reached, run again to resume\n" : "\n");
  return r.stopped ? 2 : 0;
}

int merge(const Options& o) {
  const MergeReport r = merge_selfplay(o.out, o.inputs);
  if (!r.notes.empty()) std::fprintf(stderr, "merge: %s\n", r.notes.c_str());
  if (!r.error.empty()) {
    std::fprintf(stderr, "merge: %s\n", r.error.c_str());
    return 1;
  }
  std::printf("merge: wrote %s, %s games from %zu files\n", o.out.c_str(), with_commas(r.games).c_str(), o.inputs.size());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (const auto mismatch = parity::cpu_mismatch("parity-train")) {
    std::cerr << *mismatch << "\n";
    return 1;
  }
  parity::ignore_file_size_signal();
  namespace po = boost::program_options;
  Options o;
  std::string command, wthor_labels = "theoretical", shard = "1/1", seed = "0";
  po::options_description flags(
      "parity-train <all|extract|label|fit|report|match|selfplay> [flags]\n"
      "parity-train merge --out FILE IN1 IN2 ... (joins selfplay files)");
  flags.add_options()("help,h", "show this help")("version,v", "show the version")(
      "data", po::value(&o.data)->default_value(o.data), "the shared game records")(
      "work", po::value(&o.work)->default_value(o.work), "work directory (samples, checkpoints)")(
      "out", po::value(&o.out)->default_value(o.out), "weights file written by fit; selfplay, merge: the games file")(
      "weights", po::value(&o.weights), "report: the weights to measure (default: --out)")(
      "test-set", po::value(&o.test_set), "report: measure on this selfplay file's games instead of the held-out samples")(
      "self-play", po::value(&o.self_play)->composing(), "extract: a file of Parity's games, GGF or written by selfplay (repeatable)")(
      "wthor-labels", po::value(&wthor_labels)->default_value(wthor_labels),
      "extract: label WTHOR positions before the theoretical score's point by the game's final score or by the "
      "theoretical score (final|theoretical)")(
      "cpu-seconds", po::value(&o.cpu_seconds)->default_value(o.cpu_seconds), "bound on a run (0: none)")(
      "exact-empties", po::value(&o.label.exact_empties)->default_value(o.label.exact_empties),
      "label: solve up to this many empties; selfplay: play perfectly from this many (default 18)")(
      "sample-empties", po::value(&o.label.sample_empties)->default_value(o.label.sample_empties), "label: then sample up to this many")(
      "sample-per-empties", po::value(&o.label.sample_per_empties)->default_value(o.label.sample_per_empties),
      "label: positions sampled per empties count")(
      "threads", po::value(&o.threads)->default_value(o.threads), "label: solver threads; fit: threads sharing each stage; selfplay: games at once")(
      "iterations", po::value(&o.fit.iterations)->default_value(o.fit.iterations), "fit: CGLS iterations")(
      "ridge", po::value(&o.fit.ridge)->default_value(o.fit.ridge), "fit: L2 weight")(
      "share-plies", po::value(&o.fit.share_plies)->default_value(o.fit.share_plies), "fit: neighbouring plies a stage trains on")(
      "exact-weight", po::value(&o.fit.exact_weight)->default_value(o.fit.exact_weight),
      "fit: weight of an exact label against a game result")(
      "prior", po::value(&o.prior),
      "fit: a weights file (or default) the ridge term pulls toward instead of 0, so new games refine it")(
      "first", po::value(&o.match.first)->default_value(o.match.first), "match: default, baseline or a weights file")(
      "second", po::value(&o.match.second)->default_value(o.match.second), "match: the other evaluation")(
      "games", po::value(&o.match.games)->default_value(o.match.games),
      "match: games (both colours of each opening); selfplay: games of the whole run (required)")(
      "depth", po::value(&o.match.depth)->default_value(o.match.depth), "match: fixed search depth; selfplay: midgame depth (default 8)")(
      "shard", po::value(&shard)->default_value(shard), "selfplay: play only the games i with i % N == K-1")(
      "seed", po::value(&seed)->default_value(seed), "selfplay: the run's seed (0..2^64-1)")(
      "random-min", po::value(&o.selfplay.settings.random_min)->default_value(o.selfplay.settings.random_min),
      "selfplay: fewest random moves at the start")(
      "random-max", po::value(&o.selfplay.settings.random_max)->default_value(o.selfplay.settings.random_max),
      "selfplay: most random moves at the start")(
      "selfplay-games", po::value(&o.selfplay_games)->default_value(o.selfplay_games),
      "all: first play this many selfplay games (depth 8, exact 18) into <work>/selfplay.txt and train on them too")(
      "openings", po::value(&o.match.openings), "match: XOT lines (default: <data>/xot/xot-small.txt)");
  po::options_description hidden;
  hidden.add_options()("command", po::value(&command))("inputs", po::value(&o.inputs)->composing());
  po::options_description all;
  all.add(flags).add(hidden);
  po::positional_options_description positional;
  positional.add("command", 1).add("inputs", -1);
  try {
    po::variables_map vm;
    po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(), vm);
    if (vm.count("help")) {
      std::cout << flags;
      return 0;
    }
    if (vm.count("version")) {
      std::cout << "parity-train " << PARITY_VERSION << "\n";
      return 0;
    }
    po::notify(vm);
    if (!o.inputs.empty() && command != "merge") {
      std::cerr << "parity-train: unexpected argument '" << o.inputs.front() << "' (only merge takes files)\n";
      return 2;
    }
    if ((command == "selfplay" || command == "merge") && vm["out"].defaulted()) {
      std::cerr << "parity-train: " << command << " needs --out FILE\n";
      return 2;
    }
    if (command == "selfplay" || command == "all") {
      if (command == "selfplay" && vm["games"].defaulted()) {
        std::cerr << "parity-train: selfplay needs --games N\n";
        return 2;
      }
      SelfPlaySettings& s = o.selfplay.settings;
      // In `all`, --depth, --exact-empties and --games are the match's and
      // the label step's: the games keep the generator's defaults.
      if (command == "selfplay") {
        s.depth = vm["depth"].defaulted() ? s.depth : o.match.depth;
        s.exact_empties = vm["exact-empties"].defaulted() ? s.exact_empties : o.label.exact_empties;
        s.games = static_cast<std::uint64_t>(std::max(0, o.match.games));
        o.selfplay.out = o.out;
      } else {
        s.games = o.selfplay_games;
        o.selfplay.out = o.work + "/selfplay.txt";
      }
      const auto [end, ec] = std::from_chars(seed.data(), seed.data() + seed.size(), s.seed);
      if (seed.empty() || ec != std::errc() || end != seed.data() + seed.size()) {
        std::cerr << "parity-train: --seed takes a number 0..2^64-1, not '" << seed << "'\n";
        return 2;
      }
      const auto parsed = parse_shard(shard);
      if (!parsed) {
        std::cerr << "parity-train: " << parsed.error().message << "\n";
        return 2;
      }
      o.selfplay.shard_k = parsed->k;
      o.selfplay.shard_n = parsed->n;
      o.selfplay.threads = o.threads;
    }
  } catch (const po::error& e) {
    std::cerr << "parity-train: " << e.what() << "\n" << flags;
    return 2;
  }
  if (o.label.exact_empties < 0 || o.label.exact_empties > 30 || o.label.sample_empties < 0 || o.label.sample_empties > 30 ||
      o.threads < 1 || o.threads > 256 || o.fit.iterations < 1 || o.fit.ridge < 0 || o.fit.exact_weight <= 0 || o.fit.share_plies < 0 ||
      o.match.games < 1 || o.match.depth < 1 || o.match.depth > 30 || o.cpu_seconds < 0) {
    std::cerr << "parity-train: a flag is out of range\n" << flags;
    return 2;
  }
  if (wthor_labels != "final" && wthor_labels != "theoretical") {
    std::cerr << "parity-train: --wthor-labels is final or theoretical, not '" << wthor_labels << "'\n";
    return 2;
  }
  o.wthor_labels = wthor_labels == "final" ? WthorLabels::kFinal : WthorLabels::kTheoretical;
  if (command == "extract") return extract(o);
  if (command == "label") return label(o);
  if (command == "fit") return fit(o);
  if (command == "report") return report(o);
  if (command == "match") {
    if (o.match.openings.empty()) o.match.openings = o.data + "/xot/xot-small.txt";
    return run_match(o.match);
  }
  if (command == "selfplay") return selfplay(o);
  if (command == "merge") return merge(o);
  if (command == "all") {
    int rc = 0;
    if (o.selfplay_games > 0) {
      fs::create_directories(o.work);
      rc = selfplay(o);
      o.self_play.push_back(o.selfplay.out);
    }
    if (rc == 0) rc = extract(o);
    if (rc == 0) rc = label(o);
    if (rc == 0) rc = fit(o);
    if (rc == 0) rc = report(o);
    return rc;
  }
  std::cerr << "parity-train: unknown command '" << command << "'\n" << flags;
  return 2;
}
