#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <mutex>

#include "parity/builder/builder.hpp"
#include "parity/book/book_file.hpp"
#include "parity/book/openings.hpp"
#include "parity/core/notation.hpp"
#include "parity/engine/engine.hpp"

using namespace parity;
using namespace parity::book;

namespace {

const std::string kGames = std::string(PARITY_TEST_DATA_DIR) + "/book-games.txt";

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("parity-book-test-" + name)).string();
}

// Build options for a small test book from kGames into `output`: 8 plies,
// shallow and fast.
book_builder::BuildOptions small_options(const std::string& output) {
  book_builder::BuildOptions o;
  o.games = {kGames};
  o.output = output;
  std::filesystem::remove(o.output);
  o.plies = 8;
  o.min_seen = 1;
  o.depth = 2;
  o.budget_s = 60;
  o.deviation_cd = 0;
  o.progress = false;
  o.hash_mb = 4;
  return o;
}

// A small book built the way `parity book build` does.
Book small_book() {
  static const Book built = [] {
    const book_builder::BuildOptions o = small_options(temp_path("small.bin"));
    auto report = book_builder::build(o);
    REQUIRE(report.ok());
    auto b = load(o.output);
    std::filesystem::remove(o.output);
    REQUIRE(b.ok());
    return *b;
  }();
  return built;
}

Board after(const std::string& moves) { return play_transcript(moves).value().end.board; }

void write(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

bool same(const Book& a, const Book& b) {
  if (a.size() != b.size()) return false;
  for (const auto& [key, e] : a.entries()) {
    const Entry* f = b.find(key);
    if (!f || f->score != e.score || f->depth != e.depth || f->exact != e.exact || f->seen != e.seen ||
        f->leaf != e.leaf || f->leaf_score != e.leaf_score)
      return false;
  }
  return true;
}

}  // namespace

TEST_SUITE("fast") {
  TEST_CASE("book: a small book from a few games holds their openings, scored") {
    const Book b = small_book();
    CHECK(b.size() > 9);
    const Entry* root = b.find(Board::start());
    REQUIRE(root != nullptr);
    CHECK(root->seen == 9);
    CHECK(root->score != kNoScore);
    CHECK(root->depth == 2);
    // Every first game's position within 8 plies is in the book.
    CHECK(b.find(after("f5d6c4d3e6f4e3f6")) != nullptr);
    const auto moves = b.moves(Board::start());
    REQUIRE(!moves.empty());
    for (std::size_t i = 1; i < moves.size(); ++i) CHECK(moves[i - 1].score >= moves[i].score);
    // Negamax: the root's score is its best move's.
    CHECK(root->score == moves.front().score);
  }

  TEST_CASE("book: each leaf move leads out of the book, even where a position was searched before its children") {
    // The most played positions are searched first, so a parent's first leaf
    // search still counts its children as outside the book; the build must
    // search it again once they have their own scores.
    const Book b = small_book();
    int leaves = 0;
    for (const auto& [key, e] : b.entries()) {
      if (e.leaf == kNoMove || e.leaf == kPass) continue;
      ++leaves;
      REQUIRE(e.board.is_legal(e.leaf));
      const Entry* child = b.find(e.board.play(e.leaf));
      CHECK_MESSAGE((child == nullptr || child->depth == 0), move_name(e.leaf));
    }
    CHECK(leaves > 9);
  }

  TEST_CASE("book: self-play games (GGF) enter whole, game records only when seen often enough") {
    const std::string ggf = temp_path("self.ggf"), out = temp_path("self.bin");
    // Two parity-match games from the start position (one with an explicit
    // pass-free line, one with evaluations and times) and one from another
    // start, which a book grown from the start position cannot use.
    write(ggf,
          "(;GM[Othello]PC[parity-match]PB[a]PW[b]RE[+4.00]TY[8]BO[8 ---------------------------O*------*O--------------------------- "
          "*]B[f5]W[d6]B[c3]W[d3]B[c4/1.00/0.10]W[f4/-1.00/0.10];)\n"
          "(;GM[Othello]PC[parity-match]PB[b]PW[a]RE[-2.00]TY[8]BO[8 ---------------------------O*------*O--------------------------- "
          "*]B[c4]W[c3]B[d3]W[c5];)\n"
          "(;GM[Othello]PC[parity-match]PB[b]PW[a]RE[0]TY[8]BO[8 --------------------------OO*------*O--------------------------- "
          "*]B[c5];)\n"
          "not a game\n");
    book_builder::BuildOptions o = small_options(out);
    o.self_play = {ggf};
    o.min_seen = 1000;          // no game record line qualifies
    o.deviation_cd = -1000000;  // and no leaf is expanded
    auto report = book_builder::build(o);
    REQUIRE(report.ok());
    CHECK(report->games == 9 + 2);
    auto b = load(out);
    REQUIRE(b.ok());
    CHECK(b->size() == 1 + 6 + 4 - 1);  // the start, each self-play line's positions; f5 and c4 are one image
    CHECK(b->find(after("f5d6c3d3c4f4")) != nullptr);
    CHECK(b->find(after("c4c3d3c5")) != nullptr);
    CHECK(b->find(after("f5d6c4d3e6f4e3f6")) == nullptr);
    std::filesystem::remove(ggf);
    std::filesystem::remove(out);
  }

  TEST_CASE("book: a position is found by each of its 8 images, with the moves mapped along") {
    const Book b = small_book();
    const Board board = after("f5d6c4");
    const auto reference = b.moves(board);
    REQUIRE(!reference.empty());
    for (Symmetry s : kAllSymmetries) {
      const Board image = board.transformed(s);
      REQUIRE(b.find(image) != nullptr);
      const auto moves = b.moves(image);
      REQUIRE(moves.size() == reference.size());
      for (std::size_t i = 0; i < moves.size(); ++i) {
        CHECK(moves[i].score == reference[i].score);
        CHECK(image.is_legal(moves[i].move));
      }
      CHECK(moves.front().move == transform(reference.front().move, s));
    }
    CHECK(b.find(after("f5d6c4").pass()) == nullptr);
  }

  TEST_CASE("book: binary, text and Edax round trips") {
    const Book b = small_book();
    auto again = deserialize(serialize(b));
    REQUIRE(again.ok());
    CHECK(same(b, *again));
    auto text = load_text(dump_text(b));
    REQUIRE(text.ok());
    CHECK(same(b, *text));
    CHECK(dump_text(*text) == dump_text(b));
    // Edax keeps whole discs: round-trip the rounded book.
    auto edax = import_edax(export_edax(b));
    REQUIRE(edax.ok());
    CHECK(edax->size() == b.size());
    auto edax2 = import_edax(export_edax(*edax));
    REQUIRE(edax2.ok());
    CHECK(export_edax(*edax2) == export_edax(*edax));
    for (const auto& [key, e] : b.entries()) {
      const Entry* f = edax->find(key);
      REQUIRE(f != nullptr);
      CHECK(f->seen == e.seen);
      CHECK(f->leaf == e.leaf);
      if (e.score != kNoScore) CHECK(std::abs(f->score - e.score) <= 50);
    }
  }

  TEST_CASE("book: damaged or truncated files give a clear error") {
    const std::string bytes = serialize(small_book());
    auto truncated = deserialize(bytes.substr(0, bytes.size() - 5));
    REQUIRE(!truncated.ok());
    CHECK(truncated.error().message.find("truncated") != std::string::npos);
    std::string flipped = bytes;
    flipped[kHeaderBytes + 3] ^= 0x10;
    auto damaged = deserialize(flipped);
    REQUIRE(!damaged.ok());
    CHECK(damaged.error().message.find("checksum") != std::string::npos);
    CHECK(!deserialize("").ok());
    CHECK(!deserialize(bytes.substr(0, 10)).ok());
    CHECK(!deserialize("PRTYBOOK\x02\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0").ok());
    CHECK(!load(temp_path("does-not-exist.bin")).ok());
    CHECK(!import_edax(export_edax(small_book()).substr(0, 100)).ok());
    CHECK(!load_text("not a book line").ok());
    CHECK(!load_text(std::string(64, 'Z') + " 0 0 0 0 - 0").ok());
  }

  TEST_CASE("book: merge keeps the deeper search and adds the counts") {
    Book a, b;
    Entry& ea = a.add(Board::start());
    ea.depth = 4;
    ea.score = 100;
    ea.seen = 3;
    Entry& eb = b.add(Board::start());
    eb.depth = 8;
    eb.score = -50;
    eb.seen = 2;
    a.merge(b);
    CHECK(a.find(Board::start())->depth == 8);
    CHECK(a.find(Board::start())->score == -50);
    CHECK(a.find(Board::start())->seen == 5);
  }

  TEST_CASE("book: named openings under any symmetry") {
    const auto tiger = play_transcript("f5d6c3d3c4").value();
    CHECK(opening_name(tiger.end) == "Tiger");
    const auto rotated = play_transcript("e6f4c3c4d3").value();
    CHECK(opening_name(rotated.end) == "Tiger");
    CHECK(opening_name(Position::start()).empty());
    // Past the shape, the game is still in the Tiger until another name comes.
    Position next = tiger.end;
    for (Square sq : squares(tiger.end.board.legal_moves()))
      if (opening_name(tiger.end.play(sq)).empty()) next = tiger.end.play(sq);
    REQUIRE(next != tiger.end);
    std::vector<Position> line{Position::start(), play_transcript("f5d6").value().end, tiger.end, next};
    CHECK(opening_of_line(line) == "Tiger");
  }

  TEST_CASE("engine: book moves answer a plain go; a damaged book is an error and play goes on") {
    const std::string good = temp_path("engine.bin");
    write(good, serialize(small_book()));
    engine::Engine e;
    std::mutex mutex;
    std::vector<std::string> messages;
    std::vector<search::Result> results;
    e.on_message([&](const std::string& m) {
      std::lock_guard lock(mutex);
      messages.push_back(m);
    });
    e.on_bestmove([&](const engine::BestMove& b) {
      std::lock_guard lock(mutex);
      results.push_back(b.result);
    });
    CHECK(!e.set_option("BookFile", good).has_value());
    CHECK(!e.set_option("OwnBook", "true").has_value());
    CHECK(e.has_book());
    search::Limits limits = e.default_limits();
    limits.movetime_ms = 100000;  // the book answers long before this
    REQUIRE(!e.go(limits).has_value());
    e.wait();
    REQUIRE(results.size() == 1);
    // The four first moves are one by symmetry: any is the best.
    CHECK(Board::start().is_legal(results[0].best));
    CHECK(results[0].score == small_book().moves(Board::start()).front().score);
    REQUIRE(messages.size() == 1);
    CHECK(messages[0].rfind("book ", 0) == 0);

    // A depth search searches as usual.
    limits = e.default_limits();
    limits.depth = 3;
    REQUIRE(!e.go(limits).has_value());
    e.wait();
    CHECK(messages.size() == 1);
    CHECK(results.size() == 2);

    // So do several lines: the book scores its moves, not every move.
    limits = e.default_limits();
    limits.movetime_ms = 200;
    limits.multipv = 2;
    REQUIRE(!e.go(limits).has_value());
    e.wait();
    CHECK(messages.size() == 1);
    REQUIRE(results.size() == 3);
    results.pop_back();

    std::string bytes = serialize(small_book());
    write(good, bytes.substr(0, bytes.size() / 2));
    const auto error = e.set_option("BookFile", good + "");  // same name, now truncated: reloaded
    REQUIRE(error.has_value());
    CHECK(error->message.find("truncated") != std::string::npos);
    CHECK(error->message.find("; the book in use is kept") != std::string::npos);
    CHECK(e.has_book());  // a refused file leaves the book that was in play
    limits = e.default_limits();
    limits.depth = 2;
    limits.movetime_ms = 0;
    REQUIRE(!e.go(limits).has_value());
    e.wait();
    CHECK(results.size() == 3);
    CHECK(Board::start().is_legal(results.back().best));
    std::filesystem::remove(good);
  }

  TEST_CASE("engine: the book is off by default") {
    engine::Engine e;
    CHECK(e.options().value("OwnBook") == "false");
    CHECK(!e.has_book());
  }
}
