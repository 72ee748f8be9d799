// A run stopped by its input in a way only running could find (a `custom` program
// dividing by zero): the error document names `path`, as a validation error does.
// Thrown from inside the simulation; run_session.cc (natively) and the WASM bridge
// (where the engine's own catch blocks are inert) turn it into that document.
#pragma once

#include <stdexcept>
#include <string>

namespace plab {

class RunInputError : public std::runtime_error {
 public:
  RunInputError(std::string path, const std::string& message) : std::runtime_error(message), path_(std::move(path)) {}
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace plab
