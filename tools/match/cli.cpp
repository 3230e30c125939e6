#include "cli.hpp"

#include <charconv>
#include <sstream>
#include <map>

#include "openings.hpp"
#include "parity/core/file_io.hpp"
#include "parity/book/locate.hpp"
#include "settings.hpp"

namespace parity::match {

namespace {

struct KeyValue {
  std::string key, value;
};

Expected<KeyValue> split_key_value(const std::string& word, const std::string& context) {
  const auto eq = word.find('=');
  if (eq == std::string::npos || eq == 0)
    return Error{context + ": expected key=value, got '" + word + "'"};
  return KeyValue{word.substr(0, eq), word.substr(eq + 1)};
}

template <class T>
Expected<T> parse_number(const std::string& option, const std::string& text) {
  T v{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc{} || end != text.data() + text.size()) return Error{option + ": '" + text + "' is not a number"};
  return v;
}

// Splits a config line into words, honouring double quotes.
std::vector<std::string> split_quoted(const std::string& line) {
  std::vector<std::string> out;
  std::string word;
  bool quoted = false, any = false;
  for (char c : line) {
    if (c == '"') {
      quoted = !quoted;
      any = true;
    } else if (!quoted && (c == ' ' || c == '\t')) {
      if (any) out.push_back(word);
      word.clear();
      any = false;
    } else {
      word += c;
      any = true;
    }
  }
  if (any) out.push_back(word);
  return out;
}

std::string option_name(const std::string& arg) {
  if (arg.starts_with("--")) return arg.substr(2);
  if (arg.starts_with("-") && arg.size() > 1) return arg.substr(1);
  return {};
}

std::optional<Error> apply_sprt(SprtBounds& b, const std::vector<std::string>& words) {
  for (const auto& w : words) {
    auto kv = split_key_value(w, "--sprt");
    if (!kv) return kv.error();
    auto v = parse_number<double>("--sprt " + kv->key, kv->value);
    if (!v) return v.error();
    if (kv->key == "elo0") b.elo0 = *v;
    else if (kv->key == "elo1") b.elo1 = *v;
    else if (kv->key == "alpha") b.alpha = *v;
    else if (kv->key == "beta") b.beta = *v;
    else return Error{"--sprt: unknown key '" + kv->key + "' (elo0, elo1, alpha, beta)"};
  }
  return std::nullopt;
}

}  // namespace

Expected<std::vector<std::vector<std::string>>> read_engine_config(const std::string& path) {
  auto text = read_file(path, kMaxTextFileBytes, "config file");
  if (!text) return text.error();
  return parse_engine_config(*text);
}

std::vector<std::vector<std::string>> parse_engine_config(std::string_view text) {
  std::istringstream in{std::string(text)};
  std::vector<std::vector<std::string>> out;
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
    out.push_back(split_quoted(line));
  }
  return out;
}

Expected<CommandLine> parse_command_line(const std::vector<std::string>& args) {
  CommandLine cl;
  TournamentConfig& c = cl.config;
  std::vector<std::vector<std::string>> engine_words;
  std::vector<std::string> each_words, config_files;
  // Without --openings, the balanced openings shipped in book/.
  std::string openings_path = "default", order = "random";
  bool debug = false;

  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string name = option_name(args[i]);
    if (name.empty()) return Error{"unexpected '" + args[i] + "' (options start with --)"};
    // The words up to the next option.
    std::vector<std::string> words;
    while (i + 1 < args.size() && option_name(args[i + 1]).empty()) words.push_back(args[++i]);
    auto one = [&]() -> Expected<std::string> {
      if (words.size() != 1) return Error{"--" + name + " takes one value"};
      return words[0];
    };
    auto count = [&](int& target) -> std::optional<Error> {
      auto w = one();
      if (!w) return w.error();
      auto v = parse_number<int>("--" + name, *w);
      if (!v) return v.error();
      target = *v;
      return std::nullopt;
    };
    std::optional<Error> problem;
    if (name == "help" || name == "h") cl.action = CommandLine::Action::kHelp;
    else if (name == "version" || name == "v") cl.action = CommandLine::Action::kVersion;
    else if (name == "engine") engine_words.push_back(words);
    else if (name == "each") each_words.insert(each_words.end(), words.begin(), words.end());
    else if (name == "config") {
      auto w = one();
      if (!w) return w.error();
      config_files.push_back(*w);
    } else if (name == "openings") {
      if (words.empty()) return Error{"--openings takes a file"};
      openings_path = words[0];
      for (std::size_t k = 1; k < words.size(); ++k) {
        auto kv = split_key_value(words[k], "--openings");
        if (!kv) return kv.error();
        if (kv->key == "order" && (kv->value == "random" || kv->value == "sequential")) order = kv->value;
        else if (kv->key == "file") openings_path = kv->value;
        else return Error{"--openings: unknown '" + words[k] + "' (order=random|sequential)"};
      }
    } else if (name == "games") problem = count(c.games);
    else if (name == "rounds") problem = count(c.rounds);
    else if (name == "concurrency") problem = count(c.concurrency);
    else if (name == "seed") {
      auto w = one();
      if (!w) return w.error();
      auto v = parse_number<std::uint64_t>("--seed", *w);
      if (!v) return v.error();
      c.seed = *v;
    } else if (name == "sprt") {
      c.sprt = SprtBounds{};
      problem = apply_sprt(*c.sprt, words);
    } else if (name == "tournament") {
      auto w = one();
      if (!w) return w.error();
      if (*w == "round-robin") c.kind = TournamentKind::kRoundRobin;
      else if (*w == "gauntlet") c.kind = TournamentKind::kGauntlet;
      else return Error{"--tournament: round-robin or gauntlet, not '" + *w + "'"};
    } else if (name == "ggf") {
      auto w = one();
      if (!w) return w.error();
      c.ggf_path = *w;
    } else if (name == "json") {
      auto w = one();
      if (!w) return w.error();
      c.json_path = *w;
    } else if (name == "resume") c.resume = true;
    else if (name == "debug") debug = true;
    else return Error{"unknown option '" + args[i] + "' (see --help)"};
    if (problem) return *problem;
    const bool flag = name == "help" || name == "h" || name == "version" || name == "v" || name == "resume" || name == "debug";
    if (flag && !words.empty()) return Error{"--" + name + " takes no value"};
  }
  if (cl.action != CommandLine::Action::kRun) return cl;

  std::map<std::string, std::vector<std::string>> configured;
  for (const auto& file : config_files) {
    auto lines = read_engine_config(file);
    if (!lines) return lines.error();
    for (const auto& words : *lines) {
      EngineSpec probe;
      for (const auto& w : words) {
        auto kv = split_key_value(w, file);
        if (!kv) return kv.error();
        if (auto problem = apply_engine_key(probe, kv->key, kv->value)) return Error{file + ": " + problem->message};
      }
      if (probe.name.empty()) return Error{file + ": an engine without name= or cmd="};
      configured[probe.name] = words;
    }
  }

  for (const auto& words : engine_words) {
    EngineSpec spec;
    std::vector<std::string> all;
    for (const auto& w : words)
      if (w.starts_with("conf=")) {
        const auto it = configured.find(w.substr(5));
        if (it == configured.end()) return Error{"--engine " + w + ": no such engine in the --config files"};
        all.insert(all.end(), it->second.begin(), it->second.end());
      }
    all.insert(all.end(), each_words.begin(), each_words.end());
    for (const auto& w : words)
      if (!w.starts_with("conf=")) all.push_back(w);
    for (const auto& w : all) {
      auto kv = split_key_value(w, "--engine");
      if (!kv) return kv.error();
      if (auto problem = apply_engine_key(spec, kv->key, kv->value)) return Error{"--engine: " + problem->message};
    }
    spec.debug = debug;
    c.engines.push_back(std::move(spec));
  }

  if (openings_path == "default") {
    openings_path = book::default_openings_path();
    if (openings_path.empty()) cl.notice = "no shipped openings (book/openings.txt) found: games start from the initial position";
  } else if (openings_path == "none") {
    openings_path.clear();
  }
  if (!openings_path.empty()) {
    auto openings = load_openings(openings_path);
    if (!openings) return openings.error();
    c.openings = std::move(*openings);
    c.openings_path = openings_path;
    if (order == "random") shuffle_openings(c.openings, c.seed);
  }
  return cl;
}

std::string usage() {
  return R"(usage: parity-match --engine KEY=VALUE... --engine KEY=VALUE... [options]

Plays engine-vs-engine Othello tournaments over the UCI-style protocol,
NBoard and GTP, and judges every game itself.

engine keys (--engine, or --each for all engines):
  name=NAME            the engine's name in results (default: the command's)
  cmd=PROGRAM          the program; arg=WORD once per argument
  dir=DIR              its working directory
  proto=uci|ugi|nboard|gtp
                       the protocol (default uci; ugi: the UGI greeting and clocks)
  option.NAME=VALUE    uci: setoption; nboard: set NAME VALUE
  depth=N              fixed depth (uci, nboard)
  nodes=N              fixed nodes (uci)
  st=SECONDS           fixed time a move (uci; gtp in whole seconds)
  tc=SECONDS[+INC]     a clock with increment, also MM:SS+INC; tc=inf: none
  timemargin=MS        how late past its clock a move may come (default 200)
  timeout=SECONDS      how long a move may take without a clock (default 300)
  conf=NAME            start from an engine of a --config file

options:
  --config FILE        engines, one a line in the key=value syntax above
  --openings FILE|none [order=random|sequential]
                       transcripts (XOT) or board strings, one a line; each
                       opening is played twice with colours swapped. Default:
                       the balanced openings shipped in book/openings.txt;
                       none: every game from the initial position
  --games N            games per pair and round (default 2)
  --rounds N           rounds (default 1)
  --tournament round-robin|gauntlet
                       gauntlet: the first engine against each of the others
  --concurrency N      games played at once (default 1)
  --seed N             seed of the opening order (default 0)
  --sprt elo0=A elo1=B alpha=X beta=Y
                       stop when the SPRT is decided (two engines)
  --ggf FILE           every game as one GGF line, written as it ends
  --resume             continue the run whose games FILE (--ggf) holds
  --json FILE          a JSON summary at the end
  --debug              every line to and from the engines on stderr
  --help, --version
)";
}

}  // namespace parity::match
