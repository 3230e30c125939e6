#include "parity/engine/options.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <stdexcept>

#include "parity/core/text.hpp"

namespace parity::engine {

namespace {

bool same_name(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

std::optional<long long> to_integer(std::string_view text) {
  long long v = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || ptr != text.data() + text.size() || text.empty()) return std::nullopt;
  return v;
}

}  // namespace

Option Option::spin(std::string name, long long default_value, long long min, long long max, std::string help,
                    OnChange on_change) {
  Option o = make(std::move(name), OptionType::kSpin, std::to_string(default_value), std::move(help), std::move(on_change));
  o.min = min;
  o.max = max;
  return o;
}

Option Option::check(std::string name, bool default_value, std::string help, OnChange on_change) {
  return make(std::move(name), OptionType::kCheck, default_value ? "true" : "false", std::move(help), std::move(on_change));
}

Option Option::string(std::string name, std::string default_value, std::string help, OnChange on_change) {
  return make(std::move(name), OptionType::kString, std::move(default_value), std::move(help), std::move(on_change));
}

Option Option::combo(std::string name, std::string default_value, std::vector<std::string> choices, std::string help,
                     OnChange on_change) {
  Option o = make(std::move(name), OptionType::kCombo, std::move(default_value), std::move(help), std::move(on_change));
  o.choices = std::move(choices);
  return o;
}

Option Option::button(std::string name, std::string help, OnChange on_change) {
  return make(std::move(name), OptionType::kButton, "", std::move(help), std::move(on_change));
}

Option Option::make(std::string name, OptionType type, std::string default_value, std::string help, OnChange on_change) {
  Option o;
  o.name = std::move(name);
  o.type = type;
  o.default_value = std::move(default_value);
  o.help = std::move(help);
  o.on_change = std::move(on_change);
  return o;
}

void Options::add(Option option) {
  option.value = option.default_value;
  options_.push_back(std::move(option));
}

const Option* Options::find(std::string_view name) const {
  for (const Option& o : options_)
    if (same_name(o.name, name)) return &o;
  return nullptr;
}

std::optional<Error> Options::set(std::string_view name, std::string_view value) {
  auto it = std::find_if(options_.begin(), options_.end(), [&](const Option& o) { return same_name(o.name, name); });
  if (it == options_.end()) return Error{"no such option: " + shown(name, 40)};
  Option& option = *it;
  std::string accepted(value);
  switch (option.type) {
    case OptionType::kCheck:
      if (same_name(value, "true")) accepted = "true";
      else if (same_name(value, "false")) accepted = "false";
      else return Error{"option " + option.name + " takes true or false, not " + shown(value, 40)};
      break;
    case OptionType::kSpin: {
      const auto v = to_integer(value);
      if (!v || *v < option.min || *v > option.max)
        return Error{"option " + option.name + " takes an integer from " + std::to_string(option.min) + " to " +
                     std::to_string(option.max) + ", not " + shown(value, 40)};
      accepted = std::to_string(*v);
      break;
    }
    case OptionType::kCombo: {
      auto choice = std::find_if(option.choices.begin(), option.choices.end(),
                                 [&](const std::string& c) { return same_name(c, value); });
      if (choice == option.choices.end()) return Error{"option " + option.name + " has no choice " + shown(value, 40)};
      accepted = *choice;
      break;
    }
    case OptionType::kButton:
      accepted.clear();
      break;
    case OptionType::kString:
      break;
  }
  if (option.on_change)
    if (auto error = option.on_change(accepted)) return error;
  if (option.type != OptionType::kButton) option.value = accepted;
  return std::nullopt;
}

const std::string& Options::value(std::string_view name) const {
  const Option* o = find(name);
  if (!o) throw std::logic_error("unregistered option " + std::string(name));
  return o->value;
}

long long Options::integer(std::string_view name) const { return to_integer(value(name)).value_or(0); }

bool Options::check(std::string_view name) const { return value(name) == "true"; }

}  // namespace parity::engine
