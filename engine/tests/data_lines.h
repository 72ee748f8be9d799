// Reading the JSON-lines files of tests/data (PLAB_TEST_DATA_DIR, set for plab_tests)
// that scripts/make-references.py writes for the page: the ns-3 tests check them.
#pragma once

#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace plab::testing {

// The JSON lines of a file in tests/data (blank lines skipped); none when it cannot be
// read, with a failure saying to run scripts/make-references.py, which writes them.
inline std::vector<nlohmann::json> ReadDataJsonLines(const std::string& name) {
  std::ifstream in(std::string(PLAB_TEST_DATA_DIR) + "/" + name);
  EXPECT_TRUE(in.good()) << name << ": run scripts/make-references.py";
  std::vector<nlohmann::json> rows;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) rows.push_back(nlohmann::json::parse(line));
  }
  return rows;
}

}  // namespace plab::testing
