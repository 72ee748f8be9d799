// What the editor asks before anything runs (api.h CheckProgramJson), and the names
// of a program's slots for messages.
#include <nlohmann/json.hpp>

#include "transport/tcp/cc/custom/program.h"

namespace plab::cclang {

std::string Program::SlotName(int slot) const {
  if (slot >= 0 && slot < kFieldCount) return Fields()[slot].name;
  const size_t var = static_cast<size_t>(slot - kFieldCount);
  return slot >= 0 && var < var_names.size() ? var_names[var] : "?";
}

std::string CheckJson(std::string_view text) {
  const CompileResult r = Compile(text);
  nlohmann::ordered_json doc;
  doc["ok"] = r.errors.empty();
  doc["errors"] = nlohmann::ordered_json::array();
  for (const Diagnostic& d : r.errors) {
    doc["errors"].push_back({{"line", d.line}, {"col", d.col}, {"end_col", d.end_col}, {"message", d.message}});
  }
  // A program's bytes may be anything; the messages quote only what the lexer let through.
  return doc.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string LanguageJson() {
  nlohmann::ordered_json doc;
  doc["handlers"] = nlohmann::ordered_json::array();
  for (const HandlerDecl& h : Handlers()) doc["handlers"].push_back({{"name", h.name}, {"help", h.help}});
  doc["fields"] = nlohmann::ordered_json::array();
  for (const FieldDecl& f : Fields()) {
    nlohmann::ordered_json where = nlohmann::ordered_json::array();
    for (const Handler h : f.handlers) where.push_back(HandlerName(h));
    doc["fields"].push_back(
        {{"name", f.name}, {"unit", f.unit}, {"help", f.help}, {"writable", f.writable}, {"handlers", where}});
  }
  doc["functions"] = nlohmann::ordered_json::array();
  for (const FunctionDecl& f : Functions()) {
    doc["functions"].push_back({{"name", f.name}, {"signature", f.signature}, {"help", f.help}});
  }
  doc["keywords"] = Keywords();
  doc["templates"] = nlohmann::ordered_json::array();
  for (const TemplateDecl& t : Templates()) {
    doc["templates"].push_back({{"name", t.name}, {"label", t.label}, {"help", t.help}, {"program", t.program}});
  }
  doc["limits"] = {
      {"max_bytes", kMaxProgramBytes}, {"max_nesting", kMaxNesting}, {"max_operations", kMaxOperationsPerCall}};
  return doc.dump();
}

}  // namespace plab::cclang
