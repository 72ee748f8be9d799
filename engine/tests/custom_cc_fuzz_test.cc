// The program fuzzer's findings (engine/fuzz/program_fuzzer.cc), each kept as a
// regression test of the `custom` congestion control (docs/custom-cc.md).
#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "plab/api.h"
#include "test_util.h"

namespace plab {
namespace {

// The fuzzer's dictionary has every word of the language (the schema's
// languages.custom), so a new field or function is fuzzed too.
TEST(CustomCcFuzz, TheDictionaryHasEveryWordOfTheLanguage) {
  std::ifstream in(std::string(PLAB_SOURCE_DIR) + "/../fuzz/program.dict");
  ASSERT_TRUE(in.good());
  std::stringstream text;
  text << in.rdbuf();
  const std::string dict = text.str();
  const nlohmann::json language = nlohmann::json::parse(SchemaJson())["languages"]["custom"];
  auto has = [&](const std::string& word) {
    return dict.find("=\"" + word + "\"") != std::string::npos ||
           dict.find("=\"" + word + "(\"") != std::string::npos || dict.find("=\"" + word + " \"") != std::string::npos;
  };
  for (const char* list : {"handlers", "fields", "functions"}) {
    for (const auto& item : language[list]) EXPECT_TRUE(has(item["name"])) << list << ": " << item["name"];
  }
  for (const auto& word : language["keywords"]) EXPECT_TRUE(has(word)) << word;
}

}  // namespace
}  // namespace plab
