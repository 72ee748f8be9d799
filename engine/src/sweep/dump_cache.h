// Writing JSON documents that differ from a base in a few members, by copying the base's
// text for every member that is equal (issue L: a campaign's 10,000 scenarios are its base
// with a few values set, and writing each whole 4 KB scenario cost more than making it).
// Touched names the members a document may differ in; DumpCache holds the base's compact
// text and writes such a document byte for byte as nlohmann::json::dump() would.
#pragma once

#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace plab {

// The members a document may differ in from its base (a tree of member names; `whole`: any
// value below may differ). Every other member is the base's, copied as text unchecked.
struct Touched {
  bool whole = false;  // anything below may differ: compared
  std::map<std::string, std::unique_ptr<Touched>> members;
  std::unique_ptr<Touched> items;  // an array's: one for every item, whatever its index

  // A path as Scenario::SetPath reads it ("topology.bottleneck.delay_ms", "flows[0].x",
  // "flows[].x"); a part it does not expect makes that member whole.
  void Add(const std::string& path) {
    Touched* at = this;
    size_t from = 0;
    while (!at->whole) {
      const size_t dot = path.find('.', from);
      const std::string part = path.substr(from, dot == std::string::npos ? std::string::npos : dot - from);
      const size_t bracket = part.find('[');
      at = &at->Member(part.substr(0, bracket));
      if (bracket != std::string::npos) {
        const bool index = part.back() == ']' && part.find_first_not_of("0123456789", bracket + 1) == part.size() - 1;
        if (!index) break;  // not a list item: the member whole
        if (at->items == nullptr) at->items = std::make_unique<Touched>();
        at = at->items.get();
      }
      if (dot == std::string::npos) break;
      from = dot + 1;
    }
    at->whole = true;
    at->members.clear();
    at->items.reset();
  }

 private:
  Touched& Member(const std::string& key) {
    auto& slot = members[key];
    if (slot == nullptr) slot = std::make_unique<Touched>();
    return *slot;
  }
};

// A document's compact text, kept for each of its objects' and arrays' members too, so
// that a document that differs from it in a few values is written by copying the text of
// every member that is equal (Write): a grid's scenario is its base with a few values
// set, and writing each of 10,000 whole 4 KB scenarios cost more than making them.
struct DumpCache {
  std::string text;
  std::vector<std::string> keys;      // an object's members' keys, as dump() writes them
  std::vector<std::string> raw_keys;  // and as they are (in the same, byte order)
  std::vector<size_t> starts;         // where each member's "key":value begins in text
  std::vector<DumpCache> members;

  explicit DumpCache(const nlohmann::json& j) : text(j.dump()) {
    if (j.is_object()) {
      size_t at = 1;  // after '{'
      for (const auto& [key, value] : j.items()) {
        keys.push_back(nlohmann::json(key).dump());
        raw_keys.push_back(key);
        members.emplace_back(value);
        starts.push_back(at);
        at += keys.back().size() + 1 + members.back().text.size() + 1;  // "key":value,
      }
    } else if (j.is_array()) {
      for (const auto& value : j) members.emplace_back(value);
    }
  }

  // Where member k's "key":value ends in text (its ',' or the closing '}').
  size_t End(size_t k) const { return k + 1 < starts.size() ? starts[k + 1] - 1 : text.size() - 1; }

  // Appends s.dump() to out, s being like `base` (this cache's document): exactly the
  // same bytes (compact dump() joins its members' texts with ',' and ':').
  void Write(const nlohmann::json& s, const nlohmann::json& base, std::string& out) const {
    if (Same(s, base)) {
      out += text;
    } else if (s.is_object() && base.is_object() && s.size() == base.size()) {
      out += '{';
      auto b = base.begin();
      size_t k = 0;
      for (auto it = s.begin(); it != s.end(); ++it, ++b, ++k) {
        if (k > 0) out += ',';
        if (it.key() != b.key()) return WriteTail(s, it, out);  // keys differ: not like the base
        out += keys[k];
        out += ':';
        members[k].Write(it.value(), b.value(), out);
      }
      out += '}';
    } else if (s.is_array() && base.is_array() && s.size() == base.size()) {
      out += '[';
      for (size_t i = 0; i < s.size(); ++i) {
        if (i > 0) out += ',';
        members[i].Write(s[i], base[i], out);
      }
      out += ']';
    } else {
      out += s.dump();
    }
  }

  // Makes `s` equal to `base` again, copying only the members that differ.
  static void Restore(nlohmann::json& s, const nlohmann::json& base) {
    if (Same(s, base)) return;
    if (s.is_object() && base.is_object() && s.size() == base.size()) {
      auto b = base.begin();
      for (auto it = s.begin(); it != s.end(); ++it, ++b) {
        if (it.key() != b.key()) {
          s = base;
          return;
        }
      }
      b = base.begin();
      for (auto it = s.begin(); it != s.end(); ++it, ++b) Restore(it.value(), b.value());
    } else if (s.is_array() && base.is_array() && s.size() == base.size()) {
      for (size_t i = 0; i < s.size(); ++i) Restore(s[i], base[i]);
    } else {
      s = base;
    }
  }

  // Write for an `s` that differs from `base` only in `t`'s members (nullptr: none).
  void Write(const nlohmann::json& s, const nlohmann::json& base, const Touched* t, std::string& out) const {
    if (t == nullptr) {
      out += text;
    } else if (t->whole) {
      Write(s, base, out);
    } else if (s.is_object() && base.is_object() && s.size() == base.size() && SameTouchedKeys(s, base, *t)) {
      // The same members (a run only sets the touched ones, and holds each that the base
      // holds): the untouched ones between two touched ones copied as one span of text.
      out += '{';
      bool first = true;
      size_t k = 0;                                   // the next member not yet written
      for (const auto& [key, member] : t->members) {  // in key order, as the object's members
        size_t j = k;
        while (j < raw_keys.size() && raw_keys[j] < key) ++j;
        if (j > k) {
          if (!first) out += ',';
          out.append(text, starts[k], End(j - 1) - starts[k]);
          first = false;
        }
        k = j;
        if (k < raw_keys.size() && raw_keys[k] == key) {
          if (!first) out += ',';
          out += keys[k];
          out += ':';
          members[k].Write(*s.find(key), *base.find(key), member.get(), out);
          first = false;
          ++k;
        }
      }
      if (k < raw_keys.size()) {
        if (!first) out += ',';
        out.append(text, starts[k], End(raw_keys.size() - 1) - starts[k]);
      }
      out += '}';
    } else if (s.is_object() && base.is_object() && s.size() == base.size()) {
      out += '{';
      auto b = base.begin();
      auto touched = t->members.begin();  // in key order, as the object's members
      size_t k = 0;
      for (auto it = s.begin(); it != s.end(); ++it, ++b, ++k) {
        if (k > 0) out += ',';
        if (it.key() != b.key()) return WriteTail(s, it, out);
        out += keys[k];
        out += ':';
        while (touched != t->members.end() && touched->first < it.key()) ++touched;
        const bool is_touched = touched != t->members.end() && touched->first == it.key();
        members[k].Write(it.value(), b.value(), is_touched ? touched->second.get() : nullptr, out);
      }
      out += '}';
    } else if (s.is_array() && base.is_array() && s.size() == base.size()) {
      out += '[';
      for (size_t i = 0; i < s.size(); ++i) {
        if (i > 0) out += ',';
        members[i].Write(s[i], base[i], t->items.get(), out);
      }
      out += ']';
    } else {
      out += s.dump();
    }
  }

  // Whether `s` and `base` hold the same of `t`'s members (then, of the same size, the
  // same members: the others are the base's, never set by a run).
  static bool SameTouchedKeys(const nlohmann::json& s, const nlohmann::json& base, const Touched& t) {
    for (const auto& [key, member] : t.members) {
      if (s.contains(key) != base.contains(key)) return false;
    }
    return true;
  }

  // Restore for an `s` that differs from `base` only in `t`'s members (nullptr: none).
  static void Restore(nlohmann::json& s, const nlohmann::json& base, const Touched* t) {
    if (t == nullptr) return;
    if (t->whole) return Restore(s, base);
    if (s.is_object() && base.is_object() && s.size() == base.size()) {
      // The same number of members, and a run adds members only: the same keys.
      for (const auto& [key, member] : t->members) {
        const auto it = s.find(key);
        const auto b = base.find(key);
        if (it == s.end() && b == base.end()) continue;  // in neither (a flow's recovery)
        if (it == s.end() || b == base.end()) {
          s = base;
          return;
        }
        Restore(*it, *b, member.get());
      }
    } else if (s.is_array() && base.is_array() && s.size() == base.size()) {
      for (size_t i = 0; i < s.size(); ++i) Restore(s[i], base[i], t->items.get());
    } else {
      s = base;
    }
  }

 private:
  // Equal and written alike: json's == takes 1 for 1.0 and 0.0 for -0.0.
  static bool Same(const nlohmann::json& a, const nlohmann::json& b) {
    if (a.type() != b.type() || a.size() != b.size()) return false;
    if (a.is_object()) {
      for (auto x = a.begin(), y = b.begin(); x != a.end(); ++x, ++y) {
        if (x.key() != y.key() || !Same(x.value(), y.value())) return false;
      }
      return true;
    }
    if (a.is_array()) {
      for (size_t i = 0; i < a.size(); ++i) {
        if (!Same(a[i], b[i])) return false;
      }
      return true;
    }
    if (a.is_number_float()) {
      const double x = a.get<double>(), y = b.get<double>();
      return std::memcmp(&x, &y, sizeof x) == 0;
    }
    return a == b;
  }

  static void WriteTail(const nlohmann::json& s, nlohmann::json::const_iterator it, std::string& out) {
    for (bool first = true; it != s.end(); ++it, first = false) {
      if (!first) out += ',';
      out += nlohmann::json(it.key()).dump();
      out += ':';
      out += it.value().dump();
    }
    out += '}';
  }
};

}  // namespace plab
