#include <algorithm>
#include <boost/program_options.hpp>
#include <cstdio>
#include <iostream>
#include <map>
#include <set>

#include "parity/builder/builder.hpp"
#include "commands.hpp"
#include "parity/book/book_file.hpp"
#include "parity/book/locate.hpp"
#include "parity/book/openings.hpp"
#include "parity/core/file_io.hpp"
#include "parity/core/notation.hpp"
#include "parity/search/endgame.hpp"
#include "subcommand_flags.hpp"

namespace parity::app {

namespace po = boost::program_options;

namespace {

const char* kUsage =
    "usage: parity book <action> ...\n"
    "  build --output BOOK [--games FILE]... [--self-play FILE]... [--plies N] [--min-seen N] [--depth N] [--budget S]\n"
    "        [--checkpoint S] [--deviation CD] [--threads N] [--hash MB] [--quiet]\n"
    "  merge OUT IN...            positions of every IN, deeper searches kept, then negamax\n"
    "  stats [BOOK]               positions, plies, depths\n"
    "  show [BOOK] <moves | 64 cells side>   book moves of a position\n"
    "  dump BOOK TEXT | load TEXT BOOK       text form, one position a line\n"
    "  export BOOK EDAX | import EDAX BOOK   Edax's binary book format\n"
    "  openings BOOK OUT [--plies N] [--margin CD]  balanced openings (transcripts) for parity-match\n"
    "BOOK defaults to the shipped book where an action allows it.\n";

int fail(const std::string& what) {
  std::cerr << "parity book: " << what << "\n";
  return 1;
}

Expected<book::Book> open_book(const std::string& path) {
  if (path.empty()) return Error{"no book file (and no shipped book found)"};
  return book::load(path);
}

std::string score_text(int centi) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.2f", centi / 100.0);
  return buf;
}

int run_build(const Args& args) {
  book_builder::BuildOptions o;
  po::options_description flags("book build options");
  flags.add_options()("help,h", "show this help")("output,o", po::value(&o.output)->required(), "book file (resumed when it exists)")(
      "games,g", po::value(&o.games)->composing()->multitoken(), "game records: .wtb, eOthello .csv, .ggf, or transcripts a line")(
      "self-play", po::value(&o.self_play)->composing()->multitoken(), "Parity's own games (.ggf, ...): all their positions enter")(
      "plies", po::value(&o.plies)->default_value(o.plies), "opening plies taken from each game")(
      "min-seen", po::value(&o.min_seen)->default_value(o.min_seen), "games a position needs to enter the book")(
      "depth", po::value(&o.depth)->default_value(o.depth), "leaf search depth")(
      "budget", po::value(&o.budget_s)->default_value(o.budget_s), "CPU seconds")(
      "checkpoint", po::value(&o.checkpoint_s)->default_value(o.checkpoint_s), "seconds between saves")(
      "deviation", po::value(&o.deviation_cd)->default_value(o.deviation_cd), "expand leaves within this many centi-discs of the best")(
      "threads", po::value(&o.threads)->default_value(o.threads), "search threads")(
      "hash", po::value(&o.hash_mb)->default_value(o.hash_mb), "hash MB")("quiet", "no progress bar");
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(flags).run(), vm);
    if (vm.count("help")) {
      std::cout << kUsage << flags;
      return 0;
    }
    po::notify(vm);
  } catch (const po::error& e) {
    return usage_error("book build", e.what());
  }
  o.progress = !vm.count("quiet");
  const auto outside = [](double v, double low, double high) { return !(v >= low && v <= high); };
  if (outside(o.plies, 1, 60)) return usage_error("book build", "--plies must be 1..60");
  if (outside(o.depth, 1, 60)) return usage_error("book build", "--depth must be 1..60");
  if (outside(o.min_seen, 1, 1e9)) return usage_error("book build", "--min-seen must be 1 or more");
  if (outside(o.threads, 1, kMaxSolverThreads)) return usage_error("book build", "--threads must be 1.." + std::to_string(kMaxSolverThreads));
  if (outside(o.hash_mb, 1, 1048576)) return usage_error("book build", "--hash must be 1..1048576 MB");
  if (outside(o.deviation_cd, 0, 6400)) return usage_error("book build", "--deviation must be 0..6400 centi-discs");
  // A year at most: the time sums and deadlines stay far from overflow.
  if (outside(o.budget_s, 0, 3.2e7)) return usage_error("book build", "--budget must be 0..32000000 seconds");
  if (outside(o.checkpoint_s, 1, 3.2e7)) return usage_error("book build", "--checkpoint must be 1..32000000 seconds");
  auto report = book_builder::build(o);
  if (!report) return fail(report.error().message);
  std::printf("games %zu, positions %zu, searched %zu, expanded %zu, %.0f s, %s\n", report->games, report->positions,
              report->searched, report->expanded, report->seconds,
              report->finished ? "finished" : "budget spent (run again to resume)");
  return 0;
}

int run_stats(const std::string& path) {
  auto b = open_book(path);
  if (!b) return fail(b.error().message);
  std::map<int, std::size_t> by_ply, by_depth;
  std::size_t exact = 0, scored = 0;
  for (const auto& [key, e] : b->entries()) {
    ++by_ply[60 - e.board.empties()];
    ++by_depth[e.depth];
    exact += e.exact;
    scored += e.score != book::kNoScore;
  }
  std::printf("book %s\npositions %zu (scored %zu, exact %zu)\n", path.c_str(), b->size(), scored, exact);
  std::printf("plies:");
  for (auto [ply, n] : by_ply) std::printf(" %d:%zu", ply, n);
  std::printf("\nleaf depths:");
  for (auto [d, n] : by_depth) std::printf(" %d:%zu", d, n);
  if (const book::Entry* root = b->find(Board::start())) std::printf("\nstart position score %s", score_text(root->score).c_str());
  std::printf("\n");
  return 0;
}

Expected<Position> parse_position(const Args& words) {
  if (words.size() == 2 && words[0].size() == 64) return parse_board(words[0], words[1]);
  std::string moves;
  for (const auto& w : words) moves += w;
  auto t = play_transcript(moves);
  if (!t) return t.error();
  return t->end;
}

int run_show(Args args) {
  std::string path;
  if (!args.empty() && (args[0].find('/') != std::string::npos || args[0].ends_with(".bin"))) {
    path = args[0];
    args.erase(args.begin());
  } else {
    path = book::default_book_path();
  }
  auto b = open_book(path);
  if (!b) return fail(b.error().message);
  auto pos = parse_position(args);
  if (!pos) return fail(pos.error().message);
  std::cout << board_picture(*pos);
  if (auto name = book::opening_name(*pos); !name.empty()) std::cout << "opening: " << name << "\n";
  const book::Entry* e = b->find(pos->board);
  if (!e) {
    std::cout << "not in the book\n";
    return 0;
  }
  std::cout << "book score " << score_text(e->score) << (e->exact ? " exact" : "") << ", depth " << e->depth
            << ", seen " << e->seen << "\n";
  for (const book::BookMove& m : b->moves(pos->board))
    std::cout << "  " << move_name(m.move) << " " << score_text(m.score) << (m.in_book ? "" : " (leaf)")
              << (m.exact ? " exact" : "") << "\n";
  return 0;
}

// Balanced openings: the book's lines of `plies` plies, each move within
// the book, whose position scores within `margin` of even.
int run_openings(const Args& args) {
  if (args.size() < 2) return fail("openings BOOK OUT [--plies N] [--margin CD]");
  int plies = 6, margin = 200;
  for (std::size_t i = 2; i + 1 < args.size(); i += 2) {
    try {
      if (args[i] == "--plies") plies = std::stoi(args[i + 1]);
      else if (args[i] == "--margin") margin = std::stoi(args[i + 1]);
      else return fail("openings: unknown flag " + args[i]);
    } catch (const std::exception&) {
      return fail("openings: " + args[i] + " takes a number");
    }
  }
  if (plies < 1 || plies > 30) return fail("openings: --plies must be 1..30");
  auto b = open_book(args[0]);
  if (!b) return fail(b.error().message);
  std::set<Board> classes;  // one line per symmetry class of the final position
  std::vector<std::string> out;
  std::vector<Move> line;
  auto walk = [&](auto&& self, const Board& board) -> void {
    if (static_cast<int>(line.size()) == plies) {
      const book::Entry* e = b->find(board);
      if (e && e->score != book::kNoScore && std::abs(e->score) <= margin && classes.insert(board.canonical()).second)
        out.push_back(transcript_string(line));
      return;
    }
    for (const book::BookMove& m : b->moves(board)) {
      if (!m.in_book) continue;
      line.push_back(m.move);
      self(self, board.play(m.move));
      line.pop_back();
    }
  };
  walk(walk, Board::start());
  std::sort(out.begin(), out.end());
  std::string text = "# balanced openings from Parity's book: " + std::to_string(plies) +
                     " plies, book score within " + score_text(margin) + " discs\n";
  for (const auto& s : out) text += s + "\n";
  if (auto err = write_file(args[1], text)) return fail(err->message);
  std::printf("%zu openings written to %s\n", out.size(), args[1].c_str());
  return 0;
}

}  // namespace

int run_book(const Args& args) {
  if (args.empty()) return usage_error("book", "missing action");
  if (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    std::cout << kUsage;
    return 0;
  }
  const std::string action = args[0];
  const Args rest(args.begin() + 1, args.end());
  if (action == "build") return run_build(rest);
  if (action == "stats") return run_stats(rest.empty() ? book::default_book_path() : rest[0]);
  if (action == "show") return run_show(rest);
  if (action == "openings") return run_openings(rest);
  if (action == "merge") {
    if (rest.size() < 2) return fail("merge OUT IN...");
    book::Book merged;
    for (std::size_t i = 1; i < rest.size(); ++i) {
      auto b = book::load(rest[i]);
      if (!b) return fail(b.error().message);
      merged.merge(*b);
    }
    book_builder::negamax(merged);
    if (auto err = book::save(merged, rest[0])) return fail(err->message);
    std::printf("%zu positions written to %s\n", merged.size(), rest[0].c_str());
    return 0;
  }
  if (action == "dump" || action == "export") {
    if (rest.size() != 2) return fail(action + " BOOK OUT");
    auto b = book::load(rest[0]);
    if (!b) return fail(b.error().message);
    if (auto err = write_file(rest[1], action == "dump" ? book::dump_text(*b) : book::export_edax(*b))) return fail(err->message);
    return 0;
  }
  if (action == "load" || action == "import") {
    if (rest.size() != 2) return fail(action + " IN BOOK");
    auto bytes = read_file(rest[0], kMaxBookFileBytes, action == "load" ? "book dump" : "Edax book");
    if (!bytes) return fail(bytes.error().message);
    auto b = action == "load" ? book::load_text(*bytes) : book::import_edax(*bytes);
    if (!b) return fail(rest[0] + ": " + b.error().message);
    if (action == "import") book_builder::negamax(*b);
    if (auto err = book::save(*b, rest[1])) return fail(err->message);
    std::printf("%zu positions written to %s\n", b->size(), rest[1].c_str());
    return 0;
  }
  return usage_error("book", "unknown action '" + action + "'");
}

}  // namespace parity::app
