#pragma once
// A value or an error the caller gets back: parsers never throw or abort.

#include <cstddef>
#include <string>
#include <utility>
#include <variant>

namespace parity {

struct Error {
  std::string message;  // what was wrong, and where, in words
};

template <class T>
class Expected {
public:
  Expected(T value) : state_(std::move(value)) {}
  Expected(Error error) : state_(std::move(error)) {}

  bool ok() const { return state_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & { return std::get<0>(state_); }
  const T& value() const& { return std::get<0>(state_); }
  T&& value() && { return std::get<0>(std::move(state_)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

  const Error& error() const { return std::get<1>(state_); }

private:
  std::variant<T, Error> state_;
};

}  // namespace parity
