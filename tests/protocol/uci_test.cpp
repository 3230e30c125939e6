#include <doctest/doctest.h>

#include <regex>
#include <thread>

#include "harness.hpp"
#include "positions.hpp"

using namespace parity;
using namespace parity::test;
using protocol::ProtocolKind;

namespace {

bool is_error(const Lines& lines) { return lines.size() == 1 && starts_with(lines[0], "info string error: "); }

// The board string `show` prints, to compare positions.
std::string shown_board(Session& s) {
  for (const auto& line : s.send("show"))
    if (starts_with(line, "Board: ")) return line.substr(7);
  return "";
}

const std::regex kInfo(
    "info depth [0-9]+( seldepth [0-9]+)?( multipv [0-9]+)? score cp -?[0-9]+( lowerbound| upperbound)?( exact)? "
    "nodes [0-9]+ nps [0-9]+ time [0-9]+( hashfull [0-9]+)?( pv( [a-h][1-8]| pass)+)?");

// Runs a search to its end; checks every info line's form; the bestmove line.
std::string run_go(Session& s, const std::string& go) {
  const Lines lines = s.send_and_wait(go);
  REQUIRE(!lines.empty());
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    INFO(lines[i]);
    CHECK(std::regex_match(lines[i], kInfo));
  }
  return lines.back();
}

}  // namespace

TEST_SUITE("fast") {
  TEST_CASE("uci: the handshake lists every option") {
    Session s(ProtocolKind::kUci);
    const std::string version(engine::version());
    CHECK(s.send("uci") == Lines{"id name Parity " + version, "id author the Parity authors",
                                 "option name Hash type spin default 64 min 1 max 32768",
                                 "option name Threads type spin default 1 min 1 max 256",
                                 "option name MultiPV type spin default 1 min 1 max 64",
                                 "option name MoveOverhead type spin default 30 min 0 max 5000",
                                 "option name Level type spin default 60 min 1 max 60",
                                 "option name LogFile type string default <empty>",
                                 "option name EvalFile type string default <empty>",
                                 "option name BookFile type string default <default>",
                                 "option name OwnBook type check default false",
                                 "option name BookVariety type spin default 0 min 0 max 800",
                                 "option name Name type string default <empty>", "uciok"});
    const Lines ugi = s.send("ugi");
    REQUIRE(!ugi.empty());
    CHECK(ugi.back() == "ugiok");
    CHECK(s.send("isready") == Lines{"readyok"});
    CHECK(s.send("ucinewgame").empty());
    CHECK(s.send("uginewgame").empty());
    CHECK(s.send("setoption name Hash value 32").empty());
    CHECK(s.engine.options().value("Hash") == "32");
    CHECK(s.send("setoption name moveoverhead value 0").empty());
    CHECK(s.engine.options().value("MoveOverhead") == "0");
    CHECK(s.send("quit").empty());
    CHECK(!s.alive);
  }

  TEST_CASE("names: the Name option, or the level below 60, in every protocol's name") {
    const std::string version(engine::version());
    for (const auto& [option, name] : std::vector<std::pair<std::string, std::string>>{
             {"", "Parity"}, {"Level 20", "Parity level 20"}, {"Level 60", "Parity"}, {"Name Parity fast", "Parity fast"}}) {
      INFO(option);
      Session u(ProtocolKind::kUci), g(ProtocolKind::kGtp), n(ProtocolKind::kNboard);
      for (Session* s : {&u, &g, &n}) {
        if (option.empty()) continue;
        const auto space = option.find(' ');
        REQUIRE(!s->engine.set_option(option.substr(0, space), option.substr(space + 1)));
      }
      CHECK(u.send("ugi").front() == "id name " + name + " " + version);
      CHECK(g.send("name") == Lines{"= " + name, ""});
      CHECK(n.send("nboard 2") == Lines{"set myname " + name});
    }
    Session s(ProtocolKind::kUci);
    CHECK(s.send("setoption name Name value Parity B").empty());
    CHECK(s.send("uci").front() == "id name Parity B " + version);
    CHECK(s.send("setoption name Name value").empty());
    CHECK(s.send("uci").front() == "id name Parity " + version);
  }

  TEST_CASE("uci: positions, queries, show, perft, eval, help") {
    Session s(ProtocolKind::kUci);
    CHECK(s.send("position startpos moves f5d6c3").empty());
    CHECK(s.send("query p1turn") == Lines{"response false"});
    CHECK(s.send("query gameover") == Lines{"response false"});
    CHECK(s.send("query result") == Lines{"response none"});
    CHECK(s.send("position startpos moves f5 D6 c3") .empty());
    CHECK(s.send("show") == Lines{"  a b c d e f g h", "1 - - - - - - - - 1", "2 - - - - - - - - 2",
                                  "3 - - X * - * - - 3", "4 - - - X X * - - 4", "5 - - - O X X * - 5",
                                  "6 - - - O - - - - 6", "7 - - - - - - - - 7", "8 - - - - - - - - 8",
                                  "  a b c d e f g h", "Black (X): 5  White (O): 2  White to move",
                                  "Board: ------------------X--------XX------OXX-----O-------------------- O",
                                  "Moves: f5d6c3", "Opening: Perpendicular Opening"});
    CHECK(s.send("position fen " + kFull + " X").empty());
    CHECK(s.send("query gameover") == Lines{"response true"});
    CHECK(s.send("query result") == Lines{"response p1win"});
    CHECK(s.send("position board " + kFull + " O").empty());
    CHECK(s.send("query p1turn") == Lines{"response false"});
    CHECK(s.send("query result") == Lines{"response p1win"});
    // The cells may also come as eight rows.
    CHECK(s.send("position board -------- -------- -------- ---OX--- ---XO--- -------- -------- -------- b").empty());
    CHECK(shown_board(s) == board_string(Position::start()));
    const Lines eval = s.send("eval");
    REQUIRE(eval.size() == 14);
    CHECK(eval.front() == "stage 0 (60 empties), discs from the side to move's view");
    CHECK(starts_with(eval.back(), "  total "));
    CHECK(s.send("setoption name EvalFile value /nonexistent/weights.bin") ==
          Lines{"info string error: EvalFile: cannot open weights file '/nonexistent/weights.bin': No such file or directory"});
    CHECK(s.send("eval") == eval);
    const Lines perft = s.send_and_wait("perft 5");
    REQUIRE(perft.size() == 1);
    CHECK(starts_with(perft[0], "perft 5: 1396 leaves, "));
    CHECK(s.send_and_wait("perft 0").size() == 1);
    const Lines help = s.send("help");
    REQUIRE(help.size() > 5);
    CHECK(starts_with(help[0], "Commands"));
  }

  TEST_CASE("uci: position reads a board, startpos or a move list, each with moves; a rejected one leaves no position") {
    Session s(ProtocolKind::kUci);
    const std::string opening = "d3c3c4e3c2c5c6b4";
    const Position after = play_transcript(opening).value().end;
    const Position then = after.play(first_square(after.board.legal_moves()));
    const std::string next = move_name(first_square(after.board.legal_moves()));
    const std::vector<std::pair<std::string, Position>> cases = {
        {"position fen " + opening, after},
        {"position " + opening, after},
        {"position fen d3 c3 c4 e3 c2 c5 c6 b4", after},
        {"position fen " + opening + " moves " + next, then},
        {"position fen startpos moves d3 c3 c4 e3 c2 c5 c6 b4", after},
        {"position startpos moves " + opening + next, then},
        {"position fen " + board_string(after), after},
        {"position " + board_string(after) + " moves " + next, then},
        {"position board " + board_string(after).substr(0, 64) + board_string(after).substr(65), after},
        {"position fen startpos", Position::start()},
    };
    for (const auto& [line, position] : cases) {
      INFO(line);
      CHECK(s.send(line).empty());
      CHECK(shown_board(s) == board_string(position));
      const Lines go = s.send_and_wait("go depth 1");
      REQUIRE(!go.empty());
      CHECK(go.back() != "bestmove (none)");
    }
    // The opening of a Cute Games match: a board, then the moves since.
    CHECK(s.send("position fen ----------X-------XOO----OOOO-----XOO-----X--------------------- X moves a3").empty());
    CHECK(s.send("query p1turn") == Lines{"response false"});
    for (const char* bad : {"position fen d3d3", "position fen d3c3c4e3c2c5c6b4 moves a1", "position fen XO-- X",
                            "position fen", "position startpos d3"}) {
      INFO(bad);
      CHECK(s.send("position startpos").empty());
      const Lines rejected = s.send(bad);
      REQUIRE(rejected.size() == 1);
      CHECK(starts_with(rejected[0], "info string error: position: "));
      CHECK(s.send("query gameover") == Lines{"response true"});
      CHECK(s.send("query result") == Lines{"response none"});
      CHECK(s.send_and_wait("go depth 3") ==
            Lines{"info string error: go: no position (the last position command was rejected)", "bestmove (none)"});
      const Lines shown = s.send("show");
      CHECK(starts_with(shown.back(), "No position"));
    }
    CHECK(s.send("uginewgame").empty());
    CHECK(s.send("query gameover") == Lines{"response false"});
    CHECK(s.send_and_wait("go depth 1").back() != "bestmove (none)");
    CHECK(s.send("position fen nonsense").size() == 1);
    CHECK(s.send("position fen " + opening).empty());
    CHECK(s.send_and_wait("go depth 1").back() != "bestmove (none)");
  }

  TEST_CASE("uci: a forced pass may be left out of the move list, but never at its end") {
    for (unsigned seed = 1; seed <= 5; ++seed) {
      const std::vector<Move> moves = game_with_a_pass(seed);
      std::string with, without;
      Position p = Position::start();
      for (Move m : moves) {
        (with += ' ') += move_name(m);
        if (m != kPass) without += move_name(m);
        p = p.play(m);
      }
      Session s(ProtocolKind::kUci);
      CHECK(s.send("position startpos moves" + with).empty());
      CHECK(shown_board(s) == board_string(p));
      CHECK(s.send("position startpos moves " + without).empty());
      CHECK(shown_board(s) == board_string(p));
    }
    Session s(ProtocolKind::kUci);
    CHECK(s.send("position board " + kMustPass + " X").empty());
    CHECK(run_go(s, "go depth 3") == "bestmove pass");
    CHECK(s.send("position board " + kMustPass + " X moves pass").empty());
    CHECK(run_go(s, "go depth 3") == "bestmove c1");
    CHECK(s.send("position board " + kMustPass + " X moves c1").empty());  // the pass inserted
    CHECK(run_go(s, "go depth 3") == "bestmove (none)");
  }

  TEST_CASE("uci: go in all its forms answers a legal move") {
    Session s(ProtocolKind::kUci);
    CHECK(s.send("position board " + kOneMove + " X").empty());
    for (const char* go : {"go depth 1", "go depth 60", "go nodes 1000", "go movetime 20", "go btime 1000 wtime 1000",
                           "go btime 1000 wtime 1000 binc 100 winc 100 movestogo 10", "go p1time 500 p2time 500 p1inc 10 p2inc 10",
                           "go wtime 0 btime 0", "go btime -100 wtime 5", "go exact", "go depth 2 exact"}) {
      INFO(go);
      CHECK(run_go(s, go) == "bestmove c1");
    }
    CHECK(s.send("position board " + kFull + " X").empty());
    CHECK(run_go(s, "go depth 5") == "bestmove (none)");
    CHECK(s.send("position board " + kMustPass + " X").empty());
    CHECK(run_go(s, "go wtime 100 btime 100") == "bestmove pass");
    // From the start every move is legal for black to choose.
    CHECK(s.send("position startpos").empty());
    const std::string best = run_go(s, "go depth 2");
    CHECK(std::regex_match(best, std::regex("bestmove (c4|d3|e6|f5)")));
  }

  TEST_CASE("uci: every go gets exactly one bestmove; limits out of range are clamped with one note") {
    Session s(ProtocolKind::kUci);
    CHECK(s.send("position board " + kOneMove + " X").empty());
    const std::string huge(40, '9');
    const std::vector<std::pair<std::string, Lines>> cases = {
        {"go depth 0", {"info string go: depth 0 is out of range 1..60, using 1"}},
        {"go depth 61", {"info string go: depth 61 is out of range 1..60, using 60"}},
        {"go depth " + huge, {"info string go: depth 9223372036854775807 is out of range 1..60, using 60"}},
        {"go depth -" + huge, {"info string go: depth -9223372036854775808 is out of range 1..60, using 1"}},
        {"go nodes 0", {"info string go: nodes 0 is out of range 1..9223372036854775807, using 1"}},
        {"go nodes -5", {"info string go: nodes -5 is out of range 1..9223372036854775807, using 1"}},
        {"go nodes " + huge, {}},
        {"go movetime -1", {"info string go: movetime -1 is out of range 0..9223372036854775807, using 0"}},
        {"go movetime " + huge, {}},
        {"go movestogo 5000 btime 100 wtime 100", {"info string go: movestogo 5000 is out of range 0..1000, using 1000"}},
        {"go btime " + huge + " wtime -" + huge, {}},
        {"go depth", {"info string error: go: depth needs a number; ignored"}},
        {"go depth x depth 0", {"info string error: go: depth needs a number; ignored; unknown word 'x' ignored; "
                                "depth 0 is out of range 1..60, using 1"}},
        {"go ponder depth 2", {"info string error: go: unknown word 'ponder' ignored"}},
        {"go searchmoves a1", {"info string error: go: searchmoves: 'a1' is not a legal move; "
                               "searchmoves needs at least one legal move; searching them all"}},
        {"go " + std::string(1 << 16, '9'), {"info string error: go: unknown word '99999999999999999999999999999999...' ignored"}},
    };
    for (const auto& [go, notes] : cases) {
      INFO(go.substr(0, 60));
      Lines lines = s.send_and_wait(go);
      std::erase_if(lines, [](const std::string& l) { return starts_with(l, "info depth"); });
      Lines expected = notes;
      expected.push_back("bestmove c1");
      CHECK(lines == expected);
    }
    // From the start, the clamped depth is searched.
    CHECK(s.send("position startpos").empty());
    Lines lines = s.send_and_wait("go depth 0");
    REQUIRE(lines.size() == 3);
    CHECK(starts_with(lines[1], "info depth 1 "));
    CHECK(std::regex_match(lines[2], std::regex("bestmove (c4|d3|e6|f5)")));
    lines = s.send_and_wait("go nodes 0");
    REQUIRE(!lines.empty());
    CHECK(std::regex_match(lines.back(), std::regex("bestmove (c4|d3|e6|f5)")));
  }

  TEST_CASE("uci: perft and bench run off the protocol thread; stop, quit and the end of input end perft") {
    Session s(ProtocolKind::kUci);
    CHECK(s.send("position startpos").empty());
    CHECK(s.send("perft 20").empty());
    CHECK(s.engine.searching());
    CHECK(s.send("isready") == Lines{"readyok"});
    const Lines stopped = s.send_until("stop", "perft 20: ", std::chrono::seconds(5));
    REQUIRE(stopped.size() == 1);
    CHECK(std::regex_match(stopped[0], std::regex("perft 20: stopped after [0-9]+ ms")));
    // A go during perft ends it and still gets its bestmove.
    s.send("perft 30");
    Lines go = s.send_and_wait("go depth 1");
    REQUIRE(go.size() >= 2);
    CHECK(starts_with(go.front(), "perft 30: stopped after "));
    CHECK(starts_with(go.back(), "bestmove "));
    s.send("perft 25");
    s.finish();  // the end of input
    CHECK(!s.engine.searching());
    CHECK(s.take().size() == 1);
    s.send("perft 25");
    CHECK(s.send("quit").size() == 1);
    CHECK(!s.alive);
    CHECK(!s.engine.searching());
    Session b(ProtocolKind::kUci);
    CHECK(b.send("bench").empty());
    CHECK(b.send("isready") == Lines{"readyok"});
    b.engine.wait();
    const Lines bench = b.take();
    REQUIRE(!bench.empty());
    CHECK(starts_with(bench.back(), "Nodes/second: "));
  }

  TEST_CASE("uci: go searchmoves searches only the moves given") {
    Session s(ProtocolKind::kUci);
    CHECK(s.send("position startpos").empty());
    CHECK(run_go(s, "go depth 3 searchmoves c4") == "bestmove c4");
    CHECK(std::regex_match(run_go(s, "go searchmoves E6 d3 depth 4"), std::regex("bestmove (d3|e6)")));
    CHECK(s.send("setoption name OwnBook value true").empty());
    CHECK(run_go(s, "go movetime 50 searchmoves c4") == "bestmove c4");
    for (const char* bad : {"go searchmoves a1 depth 1", "go searchmoves depth 1"}) {
      INFO(bad);
      const Lines lines = s.send_and_wait(bad);
      REQUIRE(lines.size() >= 2);
      CHECK(starts_with(lines.front(), "info string error: go: searchmoves"));
      CHECK(std::regex_match(lines.back(), std::regex("bestmove (c4|d3|e6|f5)")));
    }
  }

  TEST_CASE("uci: a go sent as soon as bestmove is read is accepted") {
    Session s(ProtocolKind::kUci);
    CHECK(s.send("position board " + kOneMove + " X").empty());
    for (int i = 0; i < 200; ++i) {
      const Lines lines = s.send_until("go depth 1", "bestmove", std::chrono::seconds(10));
      REQUIRE(!lines.empty());
      CHECK(lines.back() == "bestmove c1");
      for (const auto& l : lines) CHECK(!starts_with(l, "info string error"));
    }
  }

  TEST_CASE("uci: MultiPV lines carry their rank") {
    Session s(ProtocolKind::kUci);
    CHECK(s.send("setoption name MultiPV value 3").empty());
    CHECK(s.send("position startpos").empty());
    const Lines lines = s.send_and_wait("go depth 2");
    REQUIRE(lines.size() >= 2);
    CHECK(lines[0].find(" multipv 1 ") != std::string::npos);
  }

  TEST_CASE("uci: go infinite answers only after stop, and isready answers meanwhile") {
    Session s(ProtocolKind::kUci);
    CHECK(s.send("position board " + kOneMove + " X").empty());
    s.send("go infinite");
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    Lines ready = s.send("isready");
    std::erase_if(ready, [](const std::string& l) { return starts_with(l, "info "); });
    CHECK(ready == Lines{"readyok"});
    for (const auto& line : s.take()) CHECK(!starts_with(line, "bestmove"));
    // A go during a search ends it (its bestmove comes), then searches anew.
    Lines busy = s.send_and_wait("go depth 1");
    std::erase_if(busy, [](const std::string& l) { return starts_with(l, "info depth"); });
    CHECK(busy == Lines{"bestmove c1", "bestmove c1"});
    s.send("go infinite");
    const Lines after = s.send_until("stop", "bestmove");
    REQUIRE(!after.empty());
    CHECK(after.back() == "bestmove c1");
    // A position command during a search ends it first.
    s.send("go infinite");
    const Lines lines = s.send("position startpos");
    CHECK(s.take().empty());
    REQUIRE(!lines.empty());
    CHECK(lines.back() == "bestmove c1");
  }

  TEST_CASE("uci: each bad input is one error line and changes nothing") {
    Session s(ProtocolKind::kUci);
    CHECK(s.send("position startpos moves f5d6").empty());
    const std::string before = shown_board(s);
    const std::string hash = s.engine.options().value("Hash");
    for (const std::string& bad :
         {std::string("xyzzy"), std::string("position"), std::string("position sideways"), std::string("position startpos f5"),
          std::string("position startpos moves f5f5"), std::string("position startpos moves z9"),
          std::string("position startpos moves f5d6c"), std::string("position startpos moves pass"),
          std::string("position board ---- X"), std::string("position board " + std::string(64, '?') + " X"),
          std::string("position board " + kOneMove + " Z"), std::string("position board " + kOneMove),
          std::string("position fen " + kFull + " X moves a1"), std::string("setoption"), std::string("setoption name"),
          std::string("setoption name Nope value 1"), std::string("setoption name Hash value 0"),
          std::string("setoption name Hash value lots"), std::string("setoption name Hash"), std::string("query"),
          std::string("query weather"), std::string("perft"), std::string("perft 99"), std::string("perft -1"),
          std::string("\x01\x02\xff\xfe garbage"), std::string("position startpos moves f5\0d6", 29),
          std::string(1 << 20, 'x')}) {
      INFO(bad.substr(0, 60));
      CHECK(is_error(s.send(bad)));
    }
    s.reject("line too long");
    CHECK(is_error(s.take()));
    CHECK(shown_board(s) == before);
    CHECK(s.send("position startpos moves f5d6").empty());
    CHECK(s.engine.options().value("Hash") == hash);
    CHECK(s.send("isready") == Lines{"readyok"});
    CHECK(s.alive);
  }
}
