// A built-in template's program text by name (the page's "Start from" menu), for the
// tests that run a template as a custom controller.
#pragma once

#include <string>

#include <gtest/gtest.h>

#include "transport/tcp/cc/custom/language.h"

namespace plab::testing {

inline std::string TemplateProgram(const std::string& name) {
  for (const auto& t : cclang::Templates()) {
    if (name == t.name) return t.program;
  }
  ADD_FAILURE() << "no template " << name;
  return "";
}

}  // namespace plab::testing
