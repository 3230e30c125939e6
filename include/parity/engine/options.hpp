#pragma once
// The one registry of engine options. `setoption`, the command line and the
// `uci` option list all read it, so an option is declared once, with its
// type, default, range and the action that applies a new value.

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "parity/core/expected.hpp"

namespace parity::engine {

enum class OptionType { kCheck, kSpin, kString, kCombo, kButton };

struct Option {
  std::string name;
  OptionType type = OptionType::kString;
  std::string default_value;           // "true"/"false" for a check, a number for a spin
  long long min = 0, max = 0;          // spin only
  std::vector<std::string> choices;    // combo only
  std::string help;                    // one line, for --help
  // Applies a new, already validated value; an error keeps the old one.
  std::function<std::optional<Error>(const std::string& value)> on_change;
  std::string value;                   // current value, set by the registry

  using OnChange = std::function<std::optional<Error>(const std::string& value)>;
  static Option spin(std::string name, long long default_value, long long min, long long max, std::string help,
                     OnChange on_change = {});
  static Option check(std::string name, bool default_value, std::string help, OnChange on_change = {});
  static Option string(std::string name, std::string default_value, std::string help, OnChange on_change = {});
  static Option combo(std::string name, std::string default_value, std::vector<std::string> choices, std::string help,
                      OnChange on_change = {});
  static Option button(std::string name, std::string help, OnChange on_change);

private:
  // The fields every kind of option has.
  static Option make(std::string name, OptionType type, std::string default_value, std::string help, OnChange on_change);
};

class Options {
public:
  // Registers an option at its default value (on_change is not called).
  void add(Option option);
  // Checks the value against the option's type and range, then applies it.
  // Names compare ignoring case; check values are true/false (any case); a
  // button takes no value. On error nothing changes.
  std::optional<Error> set(std::string_view name, std::string_view value);

  const Option* find(std::string_view name) const;
  const std::vector<Option>& all() const { return options_; }
  // The current value; the name must be registered.
  const std::string& value(std::string_view name) const;
  long long integer(std::string_view name) const;
  bool check(std::string_view name) const;

private:
  std::vector<Option> options_;
};

}  // namespace parity::engine
