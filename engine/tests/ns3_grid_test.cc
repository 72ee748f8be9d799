// Agreement with ns-3.44 over a grid (issue H §5): rate {1, 10, 100} Mb/s x RTT {10, 50,
// 200} ms x queue {0.25, 1, 2} BDP x random loss {0, 0.3 %, 3 %}, for NewReno (all 81
// points) and, on two L9 orthogonal arrays (18 points each), SACK, CUBIC and BBR alone and
// the pairs SACK+CUBIC, CUBIC+BBR, SACK+BBR on a dumbbell (tests/data/ns3-grid-a.jsonl,
// made by bench/ns3/grid.cc and grid.mjs; see tests/data/README.md). Each point runs here
// with as many seeds as ns-3 ran, and the means are compared.
//
// Tolerances, those of ns3_validation_test.cc and why:
// - loss 0: total goodput within 1 %: both simulators are deterministic there, and the
//   same window law on the same path must give the same bytes.
// - loss 0.3 %: within 10 %; loss 3 %: within 25 % (several losses per window: ns-3
//   recovers with PRR, we did with RFC 6675's rules when this was set, and the spread of a 3-seed mean of
//   10-20 s runs is about 10 % at these points).
// - pairs: besides the total, each flow's share of it within 0.10 and Jain's index within
//   0.05. Two flows on a short run split the link by who lost first: ns-3's share of one
//   flow varies by about 0.05 (sd) from seed to seed, so its 3-seed mean is known to
//   about 0.03 and the difference of two such means to about 0.04; 0.10 is over two of
//   those. Jain's index of two flows moves by about half as much as a share.
// A point outside these must fall in a class of tests/data/ns3-grid-disagreements.json,
// each with its cause and the test that shows it (or saying no test does yet). The
// Validation view judges the same scenarios by the same rule (scripts/make-references.py;
// test ThePageRunsTheScenariosThisTestRuns): a point agrees there when its total, share and
// Jain's index checks all hold, and one that does not names its class and cause.
//
// Our side recovers as ns-3.44 does by default (Recovery::kNs3): TcpPrrRecovery (PRR,
// RFC 6937, with ns-3's reduction bound, run on the ACKs TcpSocketBase runs DoRecovery on:
// recovery "prr_ns3_calls", the modern comparisons' too, ns3_modern_test.cc) on SACK's RFC
// 6675 loss detection; without SACK, duplicate ACKs counted as SACKed segments and limited transmit
// (ns-3's LimitedTransmit acts only there: TcpSocketBase::DupAck calls
// TcpTxBuffer::AddRenoSack when SACK is off), counted as ns-3 counts them (the window cut
// halves the pipe, not FlightSize: "prr_ns3_nosack_counts" with tcp.limited_transmit).
// BBR flows recover by RFC 6675 SACK ("sack_ns3"): ns-3's TcpBbr sets the window itself
// (HasCongControl), so PRR never runs for it; they read ns-3's delivery-rate sample
// (tcp.rate_sample = ns3), count their rounds on valid samples (bbr.rounds) and pace by
// the payload (tcp.pacing_size = payload): ns3_grid_bbr_test.cc. CUBIC flows grow by ns-3's TcpCubic law in
// whole segments (cubic.law = ns3) with its HyStart. Every SACK flow counts its pipe as
// ns-3.44's TcpTxBuffer::BytesInFlight does (tcp.pipe = ns3: a SACKed retransmission stays
// in it until the cumulative ACK). With plain "prr_ns3", RFC 9438's law and RFC 6675's pipe
// 115 of 158 points agreed; with ns-3's PRR calls and law, 121; with its pipe too, 123; with
// BBR reading and pacing as ns-3's, 127. All of them send by pipe after
// a timeout, as ns-3's socket does. Recovery::kRfc is the recovery the grid ran before (RFC 6675 SACK, RFC 6582 NewReno
// without SACK), kept to show what changed.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "data_lines.h"
#include "ns3_flow.h"
#include "test_util.h"

namespace plab {
namespace {

using testing::Ns3Tolerance;

// Our protocol per flow for each mix (bench/ns3/grid.mjs's kMixes): ns-3's NewReno without
// SACK is our newreno, with SACK our sack.
const std::map<std::string, std::vector<std::string>> kOurProtocols = {{"newreno", {"newreno"}},
                                                                       {"sack", {"sack"}},
                                                                       {"cubic", {"cubic"}},
                                                                       {"bbr", {"bbr"}},
                                                                       {"sack+cubic", {"sack", "cubic"}},
                                                                       {"cubic+bbr", {"cubic", "bbr"}},
                                                                       {"sack+bbr", {"sack", "bbr"}}};

struct GridPoint {
  std::string key;                            // mix|rate|rtt|queue_bdp|loss
  nlohmann::json first;                       // one ns-3 row: the settings
  std::vector<std::vector<double>> goodputs;  // per seed, per flow
};

std::string KeyOf(const nlohmann::json& row) {
  std::ostringstream out;
  out << row["mix"].get<std::string>() << "|" << row["rate_mbps"].get<double>() << "|" << row["rtt_ms"].get<double>()
      << "|" << row["queue_bdp"].get<double>() << "|" << row["loss"].get<double>();
  return out.str();
}

// `file`: the grid, or a rerun of some of its points (ns3-grid-cubic-hystart-off.jsonl).
std::vector<GridPoint> LoadGrid(const std::string& file = "ns3-grid-a.jsonl") {
  std::ifstream in(std::string(PLAB_TEST_DATA_DIR) + "/" + file);
  EXPECT_TRUE(in.good());
  std::map<std::string, GridPoint> by_key;
  std::vector<std::string> order;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    const auto row = nlohmann::json::parse(line);
    const std::string key = KeyOf(row);
    if (!by_key.count(key)) {
      order.push_back(key);
      by_key[key] = {key, row, {}};
    }
    by_key[key].goodputs.push_back(row["goodput_mbps"].get<std::vector<double>>());
  }
  std::vector<GridPoint> out;
  for (const auto& k : order) out.push_back(by_key[k]);
  return out;
}

// kNs3AfterTimeout: kNs3 as it was before ns-3's counts, and without SACK duplicate ACKs
// below the point a timeout set start a fast recovery ("prr_ns3_nosack_rto", an experiment:
// the no-sack-after-timeout class). kNs3FlightSize: kNs3 counted as Linux and RFC 6937
// count without SACK ("prr_ns3_nosack": the cut halves FlightSize) and as RFC 6675 and
// RFC 6937 count with it ("prr_ns3_flightsize": the cut halves FlightSize, sending by
// FlightSize outside recovery); what the grid ran before ns-3's counts. kNs3RenoSacks:
// kNs3 with ns-3.44's TcpTxBuffer without SACK in every congestion state
// ("prr_ns3_nosack_reno_sacks": its duplicate ACKs' SACK marks kept after recovery, an
// experiment, test Ns3RenoSacksAreWhyTheseLossFreeNoSackPointsDisagree).
enum class Recovery { kNs3, kRfc, kNs3AfterTimeout, kNs3FlightSize, kNs3RenoSacks };

// Our scenario for a grid point: grid.cc's dumbbell, 1 Gb/s 1 ms access links on both
// sides, the bottleneck's delay, drop-tail queue and Bernoulli loss on data; TCP as in
// ns3_validation_test (MSS 1000, timestamps, IW 10, minimum RTO 1 s, 16 MiB windows),
// recovering as `recovery` says (see the top of this file); CUBIC with ns-3.44's HyStart
// (TcpCubic's default) unless `cubic_hystart` is false.
nlohmann::json GridScenarioFor(const GridPoint& p, int seed, Recovery recovery = Recovery::kNs3,
                               bool cubic_hystart = true) {
  const nlohmann::json& r = p.first;
  const auto& protocols = kOurProtocols.at(r["mix"].get<std::string>());
  nlohmann::json flows = nlohmann::json::array();
  for (size_t i = 0; i < protocols.size(); ++i) {
    nlohmann::json flow =
        testing::Ns3BulkFlow(protocols[i], static_cast<double>(i) * r["stagger"].get<double>(), 1000, 1);
    if (recovery != Recovery::kRfc) {
      const bool sack = protocols[i] != "newreno";
      const char* no_sack = recovery == Recovery::kNs3             ? "prr_ns3_nosack_counts"
                            : recovery == Recovery::kNs3RenoSacks  ? "prr_ns3_nosack_reno_sacks"
                            : recovery == Recovery::kNs3FlightSize ? "prr_ns3_nosack"
                                                                   : "prr_ns3_nosack_rto";
      const char* with_sack = recovery == Recovery::kNs3FlightSize ? "prr_ns3_flightsize" : "prr_ns3_calls";
      flow["recovery"] = protocols[i] == "bbr" ? "sack_ns3" : sack ? with_sack : no_sack;
      flow["tcp"]["limited_transmit"] = !sack;
    }
    testing::UseNs3Sender(
        flow, protocols[i] != "newreno" && recovery != Recovery::kNs3FlightSize && recovery != Recovery::kRfc,
        cubic_hystart);
    flows.push_back(flow);
  }
  return {{"seed", seed},
          {"duration_s", r["time"]},
          {"metrics", {{"start_s", r["warmup"]}, {"goodput", "app"}}},  // as ns-3's PacketSink counts
          {"topology",
           {{"kind", "dumbbell"},
            {"bottleneck",
             {{"rate_mbps", r["bw_mbps"]},
              {"delay_ms", r["delay_ms"]},
              {"queue_packets", r["queue"]},
              {"errors", {{"forward", {{"model", "bernoulli"}, {"p", r["loss"]}}}}}}},
            // grid.cc's access devices hold 1000 packets (DropTailQueue MaxSize), not our 100.
            {"access", {{"queue_packets", testing::kNs3AccessQueuePackets}}},
            {"receiver_access",
             {{"rate_mbps", 1000}, {"delay_ms", 1}, {"queue_packets", testing::kNs3AccessQueuePackets}}}}},
          {"flows", flows}};
}

// Means over seeds, and the standard error of each mean (0 with one seed).
struct Means {
  std::vector<double> per_flow;
  double total = 0, total_se = 0;
  std::vector<double> share, share_se;  // each flow's share of the total
  double jain = 0, jain_se = 0;
};

double Jain(const std::vector<double>& x) {
  double sum = 0, sum_sq = 0;
  for (double v : x) {
    sum += v;
    sum_sq += v * v;
  }
  return sum_sq > 0 ? sum * sum / (static_cast<double>(x.size()) * sum_sq) : 1.0;
}

// Mean and standard error of the mean of `x`.
std::pair<double, double> MeanSe(const std::vector<double>& x) {
  const double n = static_cast<double>(x.size());
  double mean = 0;
  for (double v : x) mean += v / n;
  if (x.size() < 2) return {mean, 0.0};
  double ss = 0;
  for (double v : x) ss += (v - mean) * (v - mean);
  return {mean, std::sqrt(ss / (n - 1) / n)};
}

Means MeansOf(const std::vector<std::vector<double>>& goodputs) {
  Means m;
  const size_t flows = goodputs.front().size();
  std::vector<double> totals, jains;
  std::vector<std::vector<double>> per_flow(flows), shares(flows);
  for (const auto& seed : goodputs) {
    double total = 0;
    for (double g : seed) total += g;
    totals.push_back(total);
    jains.push_back(Jain(seed));
    for (size_t i = 0; i < flows; ++i) {
      per_flow[i].push_back(seed[i]);
      shares[i].push_back(total > 0 ? seed[i] / total : 0.0);
    }
  }
  std::tie(m.total, m.total_se) = MeanSe(totals);
  std::tie(m.jain, m.jain_se) = MeanSe(jains);
  for (size_t i = 0; i < flows; ++i) {
    m.per_flow.push_back(MeanSe(per_flow[i]).first);
    const auto [share, se] = MeanSe(shares[i]);
    m.share.push_back(share);
    m.share_se.push_back(se);
  }
  return m;
}

Means RunOursAtPoint(const GridPoint& p, Recovery recovery = Recovery::kNs3, bool cubic_hystart = true) {
  std::vector<std::vector<double>> goodputs;
  RunOptions options;
  options.series = false;
  for (int seed = 1; seed <= static_cast<int>(p.goodputs.size()); ++seed) {
    const RunOutput out = Run(GridScenarioFor(p, seed, recovery, cubic_hystart).dump(), options);
    EXPECT_TRUE(out.ok) << out.json;
    const auto doc = nlohmann::json::parse(out.json);
    std::vector<double> per_flow;
    for (const auto& flow : doc["flows"]) per_flow.push_back(flow["summary"]["goodput_mbps"].get<double>());
    goodputs.push_back(per_flow);
  }
  return MeansOf(goodputs);
}

constexpr double kShareTolerance = 0.10;
constexpr double kJainTolerance = 0.05;

// The known causes of disagreement: every point outside tolerance must fall in one of
// these classes, and every class must still hold a disagreement (so the list stays true).
// They live in tests/data/ns3-grid-disagreements.json, which make-references.py reads too,
// to show each point's class and cause in the Validation view.
struct KnownCause {
  std::string id;
  nlohmann::json covers;  // the conditions a point's first ns-3 line must all meet
  std::string explained;  // yes, partly, no
  std::vector<std::string> tests;
  std::string cause;
};

const std::string kDisagreementsFile = "ns3-grid-disagreements.json";

// Whether ns-3's line `r` meets every condition of `covers` (the file's "about" says what
// each means); a condition this test does not know fails the test.
bool Meets(const nlohmann::json& covers, const nlohmann::json& r) {
  for (const auto& [name, v] : covers.items()) {
    bool ok = false;
    if (name == "mix") {
      ok = r["mix"] == v;
    } else if (name == "mix_contains") {
      ok = r["mix"].get<std::string>().find(v.get<std::string>()) != std::string::npos;
    } else if (name == "queue_at_most") {
      ok = r["queue"].get<double>() <= v.get<double>();
    } else if (name == "loss") {
      ok = r["loss"].get<double>() == v.get<double>();
    } else if (name == "ns3_any_recoveries_above") {
      // ns-3's lines record how many fast recoveries each flow entered where the bench traced it.
      if (r.contains("recoveries")) {
        for (const auto& n : r["recoveries"]) ok = ok || n.get<double>() > v.get<double>();
      }
    } else if (name == "ns3_timeouts_at_least") {
      ok = r.contains("timeouts") && r["timeouts"][0].get<double>() >= v.get<double>();
    } else if (name == "ns3_recoveries_per_round_trip_above") {
      const double round_trips = r["time"].get<double>() / (r["rtt_ms"].get<double>() / 1000);
      ok = r.contains("recoveries") && r["recoveries"][0].get<double>() > round_trips * v.get<double>();
    } else {
      ADD_FAILURE() << kDisagreementsFile << ": unknown condition '" << name << "' in covers";
    }
    if (!ok) return false;
  }
  return true;
}

// The classes, in the file's order (a point falls in the first it meets); a file that
// cannot be read or a class without its fields fails the test that reads it.
std::vector<KnownCause> KnownDisagreements() {
  std::ifstream in(std::string(PLAB_TEST_DATA_DIR) + "/" + kDisagreementsFile);
  std::vector<KnownCause> out;
  const auto doc = nlohmann::json::parse(in, nullptr, false);
  if (doc.is_discarded() || !doc.is_object() || !doc.contains("classes") || !doc["classes"].is_array()) {
    ADD_FAILURE() << kDisagreementsFile << " must be JSON with an array \"classes\"";
    return out;
  }
  for (const auto& c : doc["classes"]) {
    const bool ok = c.is_object() && c.contains("id") && c["id"].is_string() && c.contains("covers") &&
                    c["covers"].is_object() && c.contains("explained") && c["explained"].is_string() &&
                    c.contains("tests") && c["tests"].is_array() && c.contains("cause") && c["cause"].is_string();
    if (!ok) {
      ADD_FAILURE() << kDisagreementsFile << ": each class needs id, covers, explained, tests and cause: " << c.dump();
      continue;
    }
    out.push_back({c["id"].get<std::string>(), c["covers"], c["explained"].get<std::string>(),
                   c["tests"].get<std::vector<std::string>>(), c["cause"].get<std::string>()});
  }
  return out;
}

const KnownCause* CauseOf(const std::vector<KnownCause>& causes, const nlohmann::json& row) {
  for (const auto& c : causes) {
    if (Meets(c.covers, row)) return &c;
  }
  return nullptr;
}

// Whether the class `id` of the file covers ns-3's line `r` (the tests that show a cause
// pick their points by its class's own rule).
bool Covers(const std::string& id, const nlohmann::json& r) {
  for (const auto& c : KnownDisagreements()) {
    if (c.id == id) return Meets(c.covers, r);
  }
  ADD_FAILURE() << kDisagreementsFile << " has no class '" << id << "'";
  return false;
}
bool TinyQueue(const nlohmann::json& r) { return Covers("tiny-queue", r); }
bool Ns3RecoveredTwiceWithoutLoss(const nlohmann::json& r) { return Covers("overshoot", r); }
// Without SACK, ns-3 timed out and then entered fast recovery more than once per four
// round trips of the run (every line of NewReno without SACK records both counts).
bool Ns3RecoversOverAndOverAfterATimeout(const nlohmann::json& r) { return Covers("no-sack-after-timeout", r); }

// Two standard errors of the difference of two means: short runs over three seeds are
// noisier than the 60 s, 5-seed runs today's tolerances were set for, so a difference
// within the noise of the two means is not a disagreement either.
double Noise(double se_a, double se_b) { return 2 * std::sqrt(se_a * se_a + se_b * se_b); }

// Whether ours agrees with ns-3 at p; `why` says how far apart they are.
bool Agrees(const GridPoint& p, const Means& ours, const Means& ns3, std::string* why) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(3);
  const double loss = p.first["loss"].get<double>();
  const double allowed = std::max(Ns3Tolerance(loss) * ns3.total, Noise(ours.total_se, ns3.total_se));
  bool ok = std::abs(ours.total - ns3.total) <= allowed;
  out << "total ours " << ours.total << " ns-3 " << ns3.total << " (" << std::showpos
      << (ours.total / ns3.total - 1) * 100 << std::noshowpos << " %, allowed " << allowed / ns3.total * 100 << " %)";
  if (ns3.per_flow.size() > 1) {
    for (size_t i = 0; i < ns3.per_flow.size(); ++i) {
      ok = ok && std::abs(ours.share[i] - ns3.share[i]) <=
                     std::max(kShareTolerance, Noise(ours.share_se[i], ns3.share_se[i]));
      out << ", share " << i << " ours " << ours.share[i] << " ns-3 " << ns3.share[i];
    }
    ok = ok && std::abs(ours.jain - ns3.jain) <= std::max(kJainTolerance, Noise(ours.jain_se, ns3.jain_se));
    out << ", Jain ours " << ours.jain << " ns-3 " << ns3.jain;
  }
  *why = out.str();
  return ok;
}

TEST(Ns3Grid, EveryPointAgreesOrIsAKnownDisagreement) {
  const auto grid = LoadGrid();
  ASSERT_GE(grid.size(), 100u);
  int agree = 0;
  const auto causes = KnownDisagreements();
  ASSERT_FALSE(causes.empty());
  std::map<std::string, int> by_cause;
  for (const GridPoint& p : grid) {
    const Means ours = RunOursAtPoint(p);
    const Means ns3 = MeansOf(p.goodputs);
    std::string why;
    const bool ok = Agrees(p, ours, ns3, &why);
    agree += ok ? 1 : 0;
    const KnownCause* cause = CauseOf(causes, p.first);
    if (!ok && cause != nullptr) ++by_cause[cause->id];
    std::cout << "[ ns-3 grid ] "
              << (ok                 ? "agree  "
                  : cause != nullptr ? cause->id + " "
                                     : "DIFFER ")
              << p.key << ": " << why << "\n";
    EXPECT_TRUE(ok || cause != nullptr) << p.key << ": " << why;
  }
  std::cout << "[ ns-3 grid ] " << agree << " of " << grid.size() << " points agree";
  for (const auto& [id, n] : by_cause) std::cout << ", " << n << " " << id;
  std::cout << "\n";
  for (const auto& c : causes) {
    EXPECT_GT(by_cause[c.id], 0) << "no point disagrees for the known cause '" << c.id << "' any more: remove it";
  }
}

// The page shows each class's cause and "tested by" its tests: each must be a test here, and
// a class the file calls explained (yes or partly) must name one.
TEST(Ns3Grid, EachKnownDisagreementNamesItsTests) {
  const auto causes = KnownDisagreements();
  ASSERT_GE(causes.size(), 1u);
  std::set<std::string> ids;
  const nlohmann::json probe = {{"mix", "x"}, {"queue", 0}, {"loss", 0}, {"time", 1}, {"rtt_ms", 1}};
  for (const auto& c : causes) {
    EXPECT_TRUE(ids.insert(c.id).second) << "class '" << c.id << "' twice";
    EXPECT_TRUE(c.explained == "yes" || c.explained == "partly" || c.explained == "no")
        << c.id << ": explained must be yes, partly or no, not '" << c.explained << "'";
    EXPECT_FALSE(c.cause.empty()) << c.id;
    EXPECT_FALSE(c.covers.empty()) << c.id << " would cover every point";
    if (c.explained != "no") {
      EXPECT_FALSE(c.tests.empty()) << c.id << " is explained by no test";
    }
    for (const auto& t : c.tests)
      EXPECT_TRUE(testing::BinaryHasTest(t)) << c.id << ": no test " << t << " in this binary";
    Meets(c.covers, probe);  // fails on a condition it does not know
  }
}

const GridPoint* Find(const std::vector<GridPoint>& grid, const std::string& key) {
  for (const auto& p : grid) {
    if (p.key == key) return &p;
  }
  return nullptr;
}

// The Validation view shows this grid from scripts/make-references.py, which writes the
// scenario it encodes in each point's link (seed 1) to tests/data/ns3-grid-page-scenarios.jsonl
// (validation.test.ts checks that the link decodes to it): it must be, as JSON, the scenario
// this test runs there, at every point, so the page judges what this test judges; and the
// class of known disagreement it shows there must be the one this test finds.
TEST(Ns3Grid, ThePageRunsTheScenariosThisTestRuns) {
  const auto grid = LoadGrid();
  const auto causes = KnownDisagreements();
  std::set<std::string> seen;
  for (const nlohmann::json& row : testing::ReadDataJsonLines("ns3-grid-page-scenarios.jsonl")) {
    const std::string key = row["point"].get<std::string>();
    const GridPoint* p = Find(grid, key);
    ASSERT_NE(p, nullptr) << key << " is not a point of the grid";
    seen.insert(key);
    // ... and it shows the point's class of known disagreement by the rule this test applies.
    const KnownCause* cause = CauseOf(causes, p->first);
    EXPECT_EQ(row.value("disagreement", nlohmann::json()), cause ? nlohmann::json(cause->id) : nlohmann::json())
        << key << ": the page's class of disagreement";
    EXPECT_EQ(row["scenario"], GridScenarioFor(*p, 1)) << key << ": the page's scenario\n"
                                                       << row["scenario"].dump() << "\nthis test's\n"
                                                       << GridScenarioFor(*p, 1).dump();
  }
  EXPECT_EQ(seen.size(), grid.size()) << "the page leaves out points of the grid";
}

std::string Twin(const GridPoint& p, const std::string& mix) { return mix + p.key.substr(p.key.find('|')); }

// The no-sack cause, with the recovery the grid ran before PRR (RFC 6582 NewReno, RFC
// 6675 SACK): at each NewReno point we disagreed on that ns-3 also ran with SACK on (the
// L9 arrays), our SACK run agrees with ns-3's; so what differed was recovery without
// SACK, not the path, the window law or the measure.
TEST(Ns3Grid, SackTwinsOfNoSackDisagreementsAgree) {
  const auto grid = LoadGrid();
  int twins = 0;
  for (const GridPoint& p : grid) {
    if (p.first["mix"] != "newreno" || TinyQueue(p.first)) continue;
    std::string why;
    if (Agrees(p, RunOursAtPoint(p, Recovery::kRfc), MeansOf(p.goodputs), &why)) continue;
    const GridPoint* twin = Find(grid, Twin(p, "sack"));
    // A twin with a known cause of its own (the overshoot) shows nothing here.
    if (twin == nullptr || Ns3RecoveredTwiceWithoutLoss(twin->first)) continue;
    ++twins;
    EXPECT_TRUE(Agrees(*twin, RunOursAtPoint(*twin, Recovery::kRfc), MeansOf(twin->goodputs), &why))
        << twin->key << ": " << why;
  }
  EXPECT_GE(twins, 2);
}

// ... and at 3 % loss ns-3 without SACK gets more than with SACK at the same point (by
// more than the 10 % band of 0.3 % loss), where our RFC 6582 NewReno gets no more than our
// RFC 6675 SACK:
// ns-3's recovery without SACK is not a worse SACK recovery, as RFC 6582 NewReno is.
TEST(Ns3Grid, Ns3RecoversDifferentlyWithoutSack) {
  const auto grid = LoadGrid();
  double ns3_ratio = 0, our_ratio = 0;
  int n = 0;
  for (const GridPoint& p : grid) {
    if (p.first["mix"] != "newreno" || p.first["loss"].get<double>() != 0.03 || TinyQueue(p.first)) continue;
    const GridPoint* twin = Find(grid, Twin(p, "sack"));
    if (twin == nullptr) continue;
    ns3_ratio += MeansOf(p.goodputs).total / MeansOf(twin->goodputs).total;
    our_ratio += RunOursAtPoint(p, Recovery::kRfc).total / RunOursAtPoint(*twin, Recovery::kRfc).total;
    ++n;
  }
  ASSERT_GE(n, 2);
  ns3_ratio /= n;
  our_ratio /= n;
  std::cout << "[ ns-3 grid ] SACK off / SACK on at 3 % loss over " << n << " points: ns-3 " << ns3_ratio << ", ours "
            << our_ratio << "\n";
  EXPECT_GT(ns3_ratio, 1 + Ns3Tolerance(0.003));
  EXPECT_LE(our_ratio, 1.0 + 0.05);
}

// Part of the no-sack cause is three seeds: at 3 % loss a run's goodput hangs on when its
// few timeouts (1 s each, the minimum RTO) fall, before the measured span or in it. At
// these two points the grid's three seeds disagree, but ns-3.44 run at seeds 1-20
// (tests/data/ns3-grid-nosack-seeds.jsonl, whose first three lines per point are the
// grid's) and ours at the same twenty agree within the lossy tolerance: 100 Mb/s, 10 ms
// ours 3.61 to ns-3's 3.37 Mb/s (+7 %; three seeds +37 %, ours 5.37 at seed 1, whose
// first two timeouts fall in the warm-up), 1 Mb/s, 200 ms ours 0.240 to 0.264 (-9 %;
// three seeds -31 %).
TEST(Ns3Grid, TheseNoSackPointsAgreeOverTwentySeeds) {
  const auto grid = LoadGrid();
  const auto twenty = LoadGrid("ns3-grid-nosack-seeds.jsonl");
  ASSERT_EQ(twenty.size(), 2u);
  for (const GridPoint& p : twenty) {
    ASSERT_EQ(p.goodputs.size(), 20u) << p.key;
    const GridPoint* three = Find(grid, p.key);
    ASSERT_NE(three, nullptr) << p.key;
    for (size_t seed = 0; seed < three->goodputs.size(); ++seed) {
      EXPECT_EQ(three->goodputs[seed], p.goodputs[seed])
          << p.key << ": the rerun is not ns-3's grid at seed " << seed + 1;
    }
    std::string why;
    EXPECT_FALSE(Agrees(*three, RunOursAtPoint(*three), MeansOf(three->goodputs), &why)) << p.key << ": " << why;
    const double ours = RunOursAtPoint(p).total, ns3 = MeansOf(p.goodputs).total;
    std::cout << "[ ns-3 grid ] " << p.key << " over 20 seeds: ours " << ours << " ns-3 " << ns3 << " ("
              << (ours / ns3 - 1) * 100 << " %); over 3: " << why << "\n";
    EXPECT_LE(std::abs(ours / ns3 - 1), Ns3Tolerance(p.first["loss"].get<double>())) << p.key;
  }
}

// Part of the bbr cause: a loss-free BBR pair's shares hang on where the BBR flow's first
// window lands in the first flow's slow-start overshoot. ns-3 opens each connection with a
// handshake and the grid's flows send data at their start times: at SACK+BBR, 10 Mb/s,
// 50 ms, 2 BDP, ns-3's BBR socket is established at 0.5253 s (grid.cc's established_s),
// its SYN queued behind the first flow's overshoot, where ours sends its first window at
// 0.37 s into the full queue, loses it, and leaves Startup on three rounds of a 0.05 Mb/s
// estimate (BBR's share 0.04; ns-3's 0.76, still in Startup through its first recovery).
// With our flows opening by a handshake too (tcp.handshake, ns-3's 3 s SYN timer) ours
// gave BBR 0.75 with prr_ns3, 0.24 with prr_ns3_calls (PRR on ns-3's own calls) and gives
// 0.72 with ns-3's rate sample and pacing (ns3_grid_bbr_test.cc); moving the BBR flow's
// start by 10 ms steps from 0.45 to 0.60 s swings it between 0.18 and 0.90 (0.08-0.73
// with the draft's sample, 0.14-0.70 with prr_ns3, 0.07-0.58 before that): one loss-free ns-3
// run is one draw from that spread, and where the handshakes put the BBR flow's start is
// not enough to say which draw.
TEST(Ns3Grid, BbrPairShareHangsOnWhenTheBbrFlowsFirstWindowLands) {
  const auto grid = LoadGrid();
  const GridPoint* p = Find(grid, "sack+bbr|10|50|2|0");
  ASSERT_NE(p, nullptr);
  ASSERT_EQ(p->goodputs.size(), 1u);  // loss-free: one ns-3 run
  const double ns3_share = MeansOf(p->goodputs).share[1];
  auto bbr_share = [&](double bbr_start_s, bool handshake) {
    nlohmann::json scenario = GridScenarioFor(*p, 1);
    scenario["flows"][1]["start_s"] = bbr_start_s;
    for (auto& flow : scenario["flows"]) {
      flow["tcp"]["handshake"] = handshake;
      flow["tcp"]["initial_rto_ms"] = 3000;  // ns-3's ConnTimeout: the SYN's timer
    }
    RunOptions options;
    options.series = false;
    const RunOutput out = plab::Run(scenario.dump(), options);
    EXPECT_TRUE(out.ok) << out.json;
    const auto doc = nlohmann::json::parse(out.json);
    const double first = doc["flows"][0]["summary"]["goodput_mbps"].get<double>();
    const double bbr = doc["flows"][1]["summary"]["goodput_mbps"].get<double>();
    return bbr / (first + bbr);
  };
  const double stagger = p->first["stagger"].get<double>();
  const double staggered = bbr_share(stagger, false);
  const double with_handshakes = bbr_share(stagger, true);
  double lowest = 1, highest = 0;
  for (int ms = 450; ms <= 600; ms += 10) {
    const double share = bbr_share(ms / 1000.0, false);
    lowest = std::min(lowest, share);
    highest = std::max(highest, share);
  }
  std::cout << "[ ns-3 grid ] SACK+BBR 10 Mb/s 50 ms 2 BDP loss-free, BBR's share: ns-3 " << ns3_share
            << ", ours staggered " << staggered << ", ours with handshakes " << with_handshakes
            << ", ours started from 0.45-0.60 s " << lowest << "-" << highest << "\n";
  EXPECT_GT(ns3_share, 0.6);
  EXPECT_LT(staggered, 0.1);                        // the disagreement
  EXPECT_LT(lowest, ns3_share - kShareTolerance);   // the spread reaches past the tolerance
  EXPECT_GT(highest, ns3_share - kShareTolerance);  // ns-3's share is within our spread
}

// The overshoot cause: where ns-3 entered fast recovery twice in a loss-free run, ours
// entered it once and never timed out.
TEST(Ns3Grid, Ns3RecoversTwiceFromTheOvershootWhereWeRecoverOnce) {
  int points = 0;
  for (const GridPoint& p : LoadGrid()) {
    if (!Ns3RecoveredTwiceWithoutLoss(p.first) || p.first["mix"] != "sack") continue;
    ++points;
    const auto doc = nlohmann::json::parse(plab::Run(GridScenarioFor(p, 1).dump()).json);
    const nlohmann::json& ours = doc["flows"][0]["summary"];
    EXPECT_EQ(ours["fast_retransmits"].get<int>(), 1) << p.key;
    EXPECT_EQ(ours["timeouts"].get<int>(), 0) << p.key;
    EXPECT_EQ(p.first["recoveries"][0].get<int>(), 2) << p.key;
    EXPECT_EQ(p.first["timeouts"][0].get<int>(), 0) << p.key;
  }
  EXPECT_GE(points, 1);
}

// The no-sack-after-timeout cause. At each point it covers, ours (seed 1) times out too but
// then enters fast recovery less than a quarter as often as ns-3 did, and gets more; where
// the grid has a loss-free point's SACK twin (with no known cause of its own), ns-3 with
// SACK gets over half as much again as without, and agrees with ours. And the experiment:
// where ours disagrees loss-free at 1-10 Mb/s and 50 ms, or 1 Mb/s and 200 ms, letting
// duplicate ACKs below a timeout's recovery point start a fast recovery
// (Recovery::kNs3AfterTimeout, nothing else changed) makes ours do what ns-3 did: a third
// or more of its packets are retransmissions (under a fifth before), and its goodput comes
// to within 25 % of ns-3's (10 Mb/s, 50 ms, 0.25-2 BDP: 8.12, 7.34, 6.91 -> 3.97, 5.05,
// 5.17 Mb/s, ns-3 3.51, 5.05, 4.72; 1 Mb/s: 0.93 -> 0.57 at 50 ms, 2 BDP, ns-3 0.47;
// 0.68 -> 0.49 at 200 ms, 1 BDP, ns-3 0.44). At 10 Mb/s and 200 ms it does not: there
// ours times out a dozen times and gets more than without (2.05 -> 4.49 Mb/s, ns-3 1.38).
TEST(Ns3Grid, Ns3WithoutSackRecoversOverAndOverAfterATimeout) {
  const auto grid = LoadGrid();
  int points = 0, twins = 0, experiments = 0;
  RunOptions options;
  options.series = false;
  for (const GridPoint& p : grid) {
    if (!Ns3RecoversOverAndOverAfterATimeout(p.first)) continue;
    ++points;
    const auto doc = nlohmann::json::parse(plab::Run(GridScenarioFor(p, 1).dump(), options).json);
    const nlohmann::json& ours = doc["flows"][0]["summary"];
    EXPECT_GE(ours["timeouts"].get<int>(), 1) << p.key;
    EXPECT_GT(p.first["recoveries"][0].get<int>(), 4 * ours["fast_retransmits"].get<int>()) << p.key;
    EXPECT_GT(ours["goodput_mbps"].get<double>(), p.goodputs[0][0]) << p.key;
    if (p.first["loss"].get<double>() != 0) continue;
    const GridPoint* twin = Find(grid, Twin(p, "sack"));
    std::string why;
    if (twin != nullptr && !Ns3RecoveredTwiceWithoutLoss(twin->first)) {
      ++twins;
      EXPECT_GT(MeansOf(twin->goodputs).total, 1.5 * MeansOf(p.goodputs).total) << twin->key;
      EXPECT_TRUE(Agrees(*twin, RunOursAtPoint(*twin), MeansOf(twin->goodputs), &why)) << twin->key << ": " << why;
    }
    const double rate = p.first["rate_mbps"].get<double>(), rtt = p.first["rtt_ms"].get<double>();
    if (Agrees(p, RunOursAtPoint(p), MeansOf(p.goodputs), &why) || !(rtt == 50 || (rtt == 200 && rate == 1))) continue;
    ++experiments;
    const auto exp_doc =
        nlohmann::json::parse(plab::Run(GridScenarioFor(p, 1, Recovery::kNs3AfterTimeout).dump(), options).json);
    const nlohmann::json& exp = exp_doc["flows"][0]["summary"];
    const auto share = [](const nlohmann::json& s) {
      return s["retransmissions"].get<double>() / s["data_packets_sent"].get<double>();
    };
    const double ns3 = p.goodputs[0][0];
    std::cout << "[ ns-3 grid ] " << p.key << ": ns-3 " << ns3 << " Mb/s; ours " << ours["goodput_mbps"] << " ("
              << share(ours) * 100 << " % retransmitted), with recoveries after a timeout " << exp["goodput_mbps"]
              << " (" << share(exp) * 100 << " %)\n";
    EXPECT_LT(share(ours), 0.2) << p.key;
    EXPECT_GT(share(exp), 0.33) << p.key;
    EXPECT_NEAR(exp["goodput_mbps"].get<double>(), ns3, 0.25 * ns3) << p.key;
  }
  EXPECT_GE(points, 5);
  EXPECT_GE(twins, 1);
  EXPECT_GE(experiments, 5);
}

// Ours at `p` as the grid runs it (Recovery::kNs3, ns-3's seeds), each seed's scenario
// changed by `edit`; `fast_retransmits`, if given, gets flow 0's on seed 1.
Means RunOursEdited(const GridPoint& p, void (*edit)(nlohmann::json&), int* fast_retransmits = nullptr) {
  std::vector<std::vector<double>> goodputs;
  RunOptions options;
  options.series = false;
  for (int seed = 1; seed <= static_cast<int>(p.goodputs.size()); ++seed) {
    nlohmann::json scenario = GridScenarioFor(p, seed);
    edit(scenario);
    const RunOutput out = Run(scenario.dump(), options);
    EXPECT_TRUE(out.ok) << out.json;
    const auto doc = nlohmann::json::parse(out.json);
    std::vector<double> per_flow;
    for (const auto& flow : doc["flows"]) per_flow.push_back(flow["summary"]["goodput_mbps"].get<double>());
    goodputs.push_back(per_flow);
    if (seed == 1 && fast_retransmits != nullptr) {
      *fast_retransmits = doc["flows"][0]["summary"]["fast_retransmits"].get<int>();
    }
  }
  return MeansOf(goodputs);
}

// The tiny-queue class's SACK alone and SACK+BBR, loss-free (1 Mb/s, 10 ms, a 1-packet
// queue): ns-3.44's fast recovery ends by growing the window. On the full ACK that ends a
// recovery TcpSocketBase::ProcessAck sets cwnd = ssthresh and then, the connection open
// again, calls IncreaseWindow for that ACK (tcp-socket-base.cc, exitedFastRecovery), so
// congestion avoidance starts one ACK earlier than RFC 6675/6937's cwnd = ssthresh. By
// ns-3's own trace (grid.cc --trace=1, PLAB_TRACE_FROM=5 PLAB_TRACE_TO=5.25) its SACK flow
// leaves each recovery with ssthresh 2 segments and its window reads 2.5, 2.9, 3.24 on the
// ACK that ends it and the next two, where ours read 2, 2.5, 2.9: ns-3 sends its
// two-segment burst (whose second segment the 1-packet queue drops) an ACK earlier and
// recovers every 0.1222 s, ours every 0.1326 s, with the link idle longer. With that
// growth (tcp.recovery_exit = ns3, nothing else changed) ours recovers every 0.1222 s too,
// 81 times in 10 s as ns-3 does (ns-3's own run: 81 recoveries, no timeout; ours 74
// without it), and SACK alone gets 0.917 Mb/s to ns-3's 0.915 (0.903 without, -1.3 %; the
// loss-free tolerance is 1 %). Neither ns-3's late device wake (0.876, 91 recoveries) nor
// its handshake (0.909, -0.7 %, within the tolerance but 75 recoveries: a shift of phase,
// not ns-3's cycle) gives that cycle. Beside BBR the SACK flow then holds the 1-packet queue
// as ns-3's does and BBR gets nothing, as in ns-3 (whose BBR's first window and
// retransmissions at 1.4, 3.4 and 7.4 s are all dropped at the full queue): total 0.917 to
// 0.915, BBR's share 0.000 (without it 0.825, -9.8 %, BBR's share 0.256). Not the grid's:
// on every flow over the whole grid it gives 125 agreeing points to 127 (in: these two,
// NewReno at 100 Mb/s, 10 ms, 0.25-2 BDP, 3 % loss, SACK+CUBIC at 100 Mb/s, 10 ms, 2 BDP,
// 3 % loss and CUBIC+BBR at 10 Mb/s, 50 ms, 2 BDP, 0.3 % loss; out: CUBIC alone at 3 %
// loss at 10 Mb/s, 200 ms, 0.25 BDP, 1 Mb/s, 200 ms, 2 BDP, 1 Mb/s, 50 ms, 1 BDP and
// 100 Mb/s, 50 ms, 0.25 BDP (-25 to -29 %), NewReno at 1 Mb/s, 10 ms, 0.25-1 BDP, 0.3 % loss
// and 1 Mb/s, 200 ms, 2 BDP loss-free, SACK+CUBIC at 1 Mb/s, 10 ms, 0.25 BDP, 0.3 % loss
// and 10 Mb/s, 10 ms, 1 BDP, 3 % loss), which the other classes' options were fitted
// without. With handshakes too (tcp.handshake) SACK+BBR falls to 0.746 (the SACK flow times
// out once after BBR connects), which ns-3's does not.
void Ns3RecoveryExit(nlohmann::json& scenario) {
  for (auto& flow : scenario["flows"]) flow["tcp"]["recovery_exit"] = "ns3";
}
void Handshakes(nlohmann::json& scenario) {
  for (auto& flow : scenario["flows"]) flow["tcp"]["handshake"] = true;
}
void LateWake(nlohmann::json& scenario) { scenario["topology"]["bottleneck"]["device_wake"] = "ns3"; }

TEST(Ns3Grid, Ns3sRecoveryExitGrowthIsTheOnePacketQueueGapOfSack) {
  const auto grid = LoadGrid();
  const GridPoint* sack = Find(grid, "sack|1|10|0.25|0");
  const GridPoint* pair = Find(grid, "sack+bbr|1|10|0.25|0");
  ASSERT_NE(sack, nullptr);
  ASSERT_NE(pair, nullptr);
  ASSERT_TRUE(TinyQueue(sack->first));
  const int ns3_recoveries = 81;  // ns-3's own run of the point (bench/ns3/grid.cc)
  std::string why;
  int fr_grid = 0, fr_exit = 0, fr_handshake = 0, fr_wake = 0;
  const Means grid_run = RunOursEdited(
      *sack, [](nlohmann::json&) {}, &fr_grid);
  EXPECT_FALSE(Agrees(*sack, grid_run, MeansOf(sack->goodputs), &why)) << why;
  std::cout << "[ ns-3 grid ] " << sack->key << " as the grid: " << why << ", " << fr_grid << " fast retransmits\n";
  const Means exit_run = RunOursEdited(*sack, Ns3RecoveryExit, &fr_exit);
  EXPECT_TRUE(Agrees(*sack, exit_run, MeansOf(sack->goodputs), &why)) << why;
  std::cout << "[ ns-3 grid ] " << sack->key << " with ns-3's recovery exit: " << why << ", " << fr_exit
            << " fast retransmits (ns-3 " << ns3_recoveries << " recoveries)\n";
  EXPECT_NEAR(fr_exit, ns3_recoveries, 1);
  EXPECT_LT(fr_grid, ns3_recoveries - 3);
  RunOursEdited(*sack, Handshakes, &fr_handshake);
  RunOursEdited(*sack, LateWake, &fr_wake);
  EXPECT_GT(std::abs(fr_handshake - ns3_recoveries), 3);
  EXPECT_GT(std::abs(fr_wake - ns3_recoveries), 3);

  const Means pair_grid = RunOursEdited(*pair, [](nlohmann::json&) {});
  EXPECT_FALSE(Agrees(*pair, pair_grid, MeansOf(pair->goodputs), &why)) << why;
  const Means pair_exit = RunOursEdited(*pair, Ns3RecoveryExit);
  EXPECT_TRUE(Agrees(*pair, pair_exit, MeansOf(pair->goodputs), &why)) << why;
  std::cout << "[ ns-3 grid ] " << pair->key << " with ns-3's recovery exit: " << why << "\n";
  EXPECT_LT(pair_exit.share[1], 0.01);
}

// The tiny-queue cause, for SACK with RFC 6675 recovery: at 1 Mb/s and 10 ms, ns-3 with a
// 1-packet queue gets what ours gets with 2 packets (within the loss-free 1 %), not what
// ours gets with 1.
TEST(Ns3Grid, SackWithOnePacketQueueMatchesNs3WithOneMorePacket) {
  const auto grid = LoadGrid();
  const GridPoint* p = Find(grid, "sack|1|10|0.25|0");
  ASSERT_NE(p, nullptr);
  ASSERT_EQ(p->first["queue"], 1);
  const double ns3 = MeansOf(p->goodputs).total;
  GridPoint bigger = *p;
  bigger.first["queue"] = 2;
  EXPECT_GT(std::abs(RunOursAtPoint(*p, Recovery::kRfc).total - ns3), Ns3Tolerance(0) * ns3);
  EXPECT_NEAR(RunOursAtPoint(bigger, Recovery::kRfc).total, ns3, Ns3Tolerance(0) * ns3);
}

// What recovering as ns-3 does changed: at these NewReno points (3 % loss, 1-100 Mb/s,
// 10-200 ms) RFC 6582 NewReno without limited transmit got 30-40 % less than ns-3 and
// disagreed; ns-3's recovery (PRR, duplicate ACKs as SACKs, limited transmit) agrees
// (-12 %, -12 %, -4.5 %, -0.3 %). Limited transmit carries much of it: NewReno with it
// alone gets -14 %, -14 %, -13 %, -3 %.
TEST(Ns3Grid, Ns3RecoveryIsWhyTheseNoSackPointsAgree) {
  const auto grid = LoadGrid();
  for (const std::string key :
       {"newreno|10|50|1|0.03", "newreno|100|50|1|0.03", "newreno|10|200|1|0.03", "newreno|1|10|2|0.03"}) {
    const GridPoint* p = Find(grid, key);
    ASSERT_NE(p, nullptr) << key;
    std::string why;
    EXPECT_FALSE(Agrees(*p, RunOursAtPoint(*p, Recovery::kRfc), MeansOf(p->goodputs), &why)) << key << ": " << why;
    EXPECT_TRUE(Agrees(*p, RunOursAtPoint(*p, Recovery::kNs3), MeansOf(p->goodputs), &why)) << key << ": " << why;
  }
}

// Part of the no-sack class that was: ns-3.44 without SACK counts otherwise than Linux and
// RFC 6937 (prr_recovery.h, ns3_counts; by ns-3's own trace, grid.cc with CongState, Tx,
// Retransmission and cwnd sinks). At a 1-packet queue at 1 Mb/s, 10 ms, ns-3 enters
// recovery twice per loss: on a duplicate ACK in recovery its PRR reads the pipe from
// before that ACK's segment was counted out, sends two segments and the queue drops one.
// Counted as ns-3 counts (Recovery::kNs3, nothing else changed against
// kNs3FlightSize), all six such points agree (loss-free 0.949 -> 0.744 Mb/s, ns-3 0.742;
// 80 -> 92 fast retransmits, ns-3 114 recoveries; the cut on the pipe alone gives 0.907),
// and so does 1 Mb/s, 200 ms, 2 BDP loss-free (0.633 -> 0.692, ns-3 0.686).
// At 3 % loss at 100 Mb/s, 10 ms, where ns-3's window is 4-8 segments, the cut on the
// pipe takes the 1.5 segments limited transmit added and the duplicate ACKs counted (ns-3's
// ssthresh after a fast retransmit 3.3-3.4 segments, ours 5.7 on FlightSize, 3.3-3.7 on
// the pipe); at a timeout ours halved FlightSize, which (a lost retransmission with
// duplicate ACKs clocking out a segment each for up to the 1 s RTO) reaches 1,000-2,800
// segments: ssthresh 500-1,400, where ns-3 halves its BytesInFlight, at every timeout
// (a repeated one in CA_LOSS too, by ns-3's trace, bench/ns3/grid.cc --trace=1: 15,000
// -> 7,500 bytes; an earlier reading held ssthresh there, which gave +29 %). The gap
// there comes down from +54-61 % to +37 %, still outside the 25 % allowed: the rest is
// not explained.
TEST(Ns3Grid, Ns3CountsWithoutSackAreWhyTheseNoSackPointsAgree) {
  const auto grid = LoadGrid();
  int points = 0;
  for (const GridPoint& p : grid) {
    const nlohmann::json& r = p.first;
    const bool tiny = r["rate_mbps"] == 1 && r["rtt_ms"] == 10 && r["queue"] == 1;
    if (r["mix"] != "newreno" || !(tiny || p.key == "newreno|1|200|2|0")) continue;
    ++points;
    std::string why;
    EXPECT_FALSE(Agrees(p, RunOursAtPoint(p, Recovery::kNs3FlightSize), MeansOf(p.goodputs), &why))
        << p.key << ": " << why;
    EXPECT_TRUE(Agrees(p, RunOursAtPoint(p, Recovery::kNs3), MeansOf(p.goodputs), &why)) << p.key << ": " << why;
  }
  EXPECT_EQ(points, 7);
  for (const std::string key : {"newreno|100|10|0.25|0.03", "newreno|100|10|1|0.03", "newreno|100|10|2|0.03"}) {
    const GridPoint* p = Find(grid, key);
    ASSERT_NE(p, nullptr) << key;
    const double ns3 = MeansOf(p->goodputs).total;
    EXPECT_GT(RunOursAtPoint(*p, Recovery::kNs3FlightSize).total, 1.5 * ns3) << key;
    EXPECT_LT(RunOursAtPoint(*p, Recovery::kNs3).total, 1.4 * ns3) << key;
  }
}

// The two loss-free NewReno points at 10 Mb/s, 200 ms, 1-2 BDP of the no-sack class: ns-3.44
// without SACK keeps the segments its duplicate ACKs marked SACKed (TcpTxBuffer::AddRenoSack)
// until a timeout, not until recovery ends (prr_recovery.h, ns3_reno_sacks; recovery
// prr_ns3_nosack_reno_sacks, nothing else changed against kNs3). By ns-3's per-ACK trace
// (grid.cc --trace=1, PLAB_TRACE_FROM=9.9 PLAB_TRACE_TO=10.45, 1 BDP) the third recovery, a
// spurious one on the duplicates of a timeout's go-back-N, runs so: its 238 duplicate ACKs
// mark 238 segments and all but the one that starts it send one new each; each of the 240
// partial ACKs of
// one segment that follow finds the head marked, moves the mark to the first unmarked
// segment and marks the head lost (TcpTxBuffer::DiscardUpTo), so BytesInFlight falls by
// two, and sends its retransmission only (cwnd = that BytesInFlight + DoRecovery's count,
// which once prr_out > prr_delivered is never above 0 in its unsigned arithmetic: two new
// segments at the ssthresh crossing, 6238-6239, none after); at its end (10.359 s, CA_OPEN,
// 236 marks kept, BytesInFlight 0) it sends the head again and 118 new segments at once,
// and the next duplicate ACK starts the fourth recovery (DupAck step (2): IsLost(head));
// after a timeout (CA_LOSS) no duplicate ACK is counted. Ours with the option runs that
// recovery the same way (two new segments at the crossing, the burst, the fourth recovery
// one ACK after its end), one round trip early as before, and then as ns-3: a timeout
// with ssthresh 2 segments. Seed 1 (the grid's one seed here): 1 BDP 3.579 -> 3.098 Mb/s,
// ns-3 3.075 (+16.4 -> +0.7 %); 2 BDP 4.247 -> 3.655, ns-3 3.639 (+16.7 -> +0.4 %); fast
// retransmits 6 -> 4 at both, ns-3's recoveries 4; timeouts 3, ns-3's 3. Each part alone
// taken out (measured, 1 / 2 BDP): no lost head on such an ACK 5.80 / 5.93 Mb/s; duplicate
// ACKs counted after a timeout 0.17 / 0.41; the send count in 64 bits 3.69 / 4.61; outside
// recovery by snd_una + cwnd 2.68 / 3.43; no recovery on IsLost(head) 4.84 / 5.45. Over the
// whole grid with it for every NewReno flow 127 of 158 points agree, as without: these two
// and the three at 100 Mb/s, 10 ms, 3 % loss come in (+37 -> +25 %), and five go out (1
// Mb/s, 10 ms, a 1-packet queue at 0.3 % and 3 % loss, both queues: +8 -> +19 %, +28 ->
// +32 %; 1 Mb/s, 200 ms, 2 BDP loss-free +0.8 -> +2.0 %); not switched on for the grid.
// With tcp.handshake for every flow (ns-3's BulkSend connects first) ours enters each
// recovery and times out within 8 ms of ns-3, and the grid gives 131 of 158 without it,
// 132 with it (these two in, nothing out).
TEST(Ns3Grid, Ns3RenoSacksAreWhyTheseLossFreeNoSackPointsDisagree) {
  const auto grid = LoadGrid();
  RunOptions options;
  options.series = false;
  for (const std::string key : {"newreno|10|200|1|0", "newreno|10|200|2|0"}) {
    const GridPoint* p = Find(grid, key);
    ASSERT_NE(p, nullptr) << key;
    ASSERT_EQ(p->goodputs.size(), 1u) << key;
    std::string why;
    EXPECT_FALSE(Agrees(*p, RunOursAtPoint(*p, Recovery::kNs3), MeansOf(p->goodputs), &why)) << key << ": " << why;
    EXPECT_TRUE(Agrees(*p, RunOursAtPoint(*p, Recovery::kNs3RenoSacks), MeansOf(p->goodputs), &why))
        << key << ": " << why;
    std::cout << "[ ns-3 grid ] " << key << " with ns-3's Reno SACKs kept: " << why << "\n";
    // ... and it recovers as often as ns-3 did, and times out as often.
    const auto summary = [&](Recovery recovery) {
      return nlohmann::json::parse(
          plab::Run(GridScenarioFor(*p, 1, recovery).dump(), options).json)["flows"][0]["summary"];
    };
    const auto before = summary(Recovery::kNs3), after = summary(Recovery::kNs3RenoSacks);
    const int ns3_recoveries = p->first["recoveries"][0].get<int>();
    EXPECT_NE(before["fast_retransmits"].get<int>(), ns3_recoveries) << key;
    EXPECT_EQ(after["fast_retransmits"].get<int>(), ns3_recoveries) << key;
    EXPECT_EQ(after["timeouts"].get<int>(), p->first["timeouts"][0].get<int>()) << key;
    // With the handshake ns-3's BulkSend makes (tcp.handshake: the round trip ours ran early)
    // it runs on ns-3's clock too: within the loss-free 1 % (3.0805 and 3.6405 Mb/s).
    nlohmann::json handshake = GridScenarioFor(*p, 1, Recovery::kNs3RenoSacks);
    handshake["flows"][0]["tcp"]["handshake"] = true;
    const double ns3 = MeansOf(p->goodputs).total;
    const auto with_handshake = nlohmann::json::parse(plab::Run(handshake.dump(), options).json)["flows"][0]["summary"];
    EXPECT_NEAR(with_handshake["goodput_mbps"].get<double>(), ns3, testing::Ns3Tolerance(0) * ns3) << key;
    EXPECT_EQ(with_handshake["fast_retransmits"].get<int>(), ns3_recoveries) << key;
  }
}

// With SACK ns-3.44 counts otherwise than RFC 6675 and RFC 6937 too (prr_recovery.h,
// ns3_counts; by ns-3's own trace, bench/ns3/grid.cc --trace=1): EnterRecovery marks
// the head lost and halves BytesInFlight(), the pipe, not FlightSize, and PRR takes it as
// RecoverFS; every timeout halves the pipe (no hold in CA_LOSS); SendPendingData sends by
// the pipe in every state; NextSeg has no rescue. At 10 Mb/s, 10 ms, 1 BDP, 3 % loss (seed
// 1) halving the pipe alone, sending by FlightSize outside recovery, timed ours out 6 times
// in [2, 10] s (0.98 Mb/s, ns-3 2.64 and 3 timeouts in all): after a recovery that left cwnd 2, one segment
// SACKed above a hole held the window, where ns-3 sends a new segment by the pipe and the
// next duplicate ACKs start a recovery. Counted as ns-3 counts (Recovery::kNs3, nothing
// else changed against kNs3FlightSize), nine SACK points came to agree (the grid 109 ->
// 115). On today's platform (prr_ns3_calls, ns-3's CUBIC law and pipe) ten points agreed
// counted as ns-3 counts and not counted by the RFCs, CUBIC alone at 10 Mb/s, 200 ms, 0.25
// BDP loss-free among them (+25 % by the RFCs: the overshoot the cubic class named); nine
// since BBR reads ns-3's rate sample (SACK+BBR at 1 Mb/s, 50 ms, 1 BDP, loss-free, -6 %
// now: the bbr class).
TEST(Ns3Grid, Ns3CountsWithSackAreWhyTheseSackPointsAgree) {
  const auto grid = LoadGrid();
  for (const std::string key : {"sack|1|10|0.25|0.003", "sack+cubic|1|10|0.25|0.003", "sack+cubic|1|50|1|0",
                                "sack+cubic|10|200|0.25|0.03", "sack+cubic|100|200|1|0.003", "sack+cubic|10|10|1|0.03",
                                "cubic+bbr|10|10|1|0.03", "cubic+bbr|10|200|0.25|0.03", "cubic|10|200|0.25|0"}) {
    const GridPoint* p = Find(grid, key);
    ASSERT_NE(p, nullptr) << key;
    std::string why;
    EXPECT_FALSE(Agrees(*p, RunOursAtPoint(*p, Recovery::kNs3FlightSize), MeansOf(p->goodputs), &why))
        << key << ": " << why;
    EXPECT_TRUE(Agrees(*p, RunOursAtPoint(*p, Recovery::kNs3), MeansOf(p->goodputs), &why)) << key << ": " << why;
  }
}

// The bbr-timeouts class that was: at 3 % loss on a 200 ms path our BBR collapsed after
// retransmission timeouts (10 Mb/s, 0.25 BDP: 1.90 Mb/s to ns-3's 8.62). Startup overshoots
// (seed 2: 1,807 segments out on a path that holds 313) and times out; after the timeout
// the sender sent within snd_una + cwnd, so the SACKed segments among those outstanding
// counted against a window of 1-7 segments, the delivery rate fell and BBR's bandwidth
// estimate and window with it. Sending by pipe after a timeout, as ns-3 and Linux do
// (recovery "sack_ns3" against "sack", nothing else changed), the point agrees. By window
// it is 2.59 Mb/s (by pipe 8.50) since RFC 6675's IsLost reads the SACKs alone (a head
// already resent is still lost: sack_dupack_test.cc); it was 0.3 of it before, and the
// margin here was 0.3 (now 0.35; with ns-3's rate sample and pacing, ns3_grid_bbr_test.cc,
// 1.84 by window, 7.33 by pipe).
TEST(Ns3Grid, BbrAfterATimeoutSendsByPipeAsNs3) {
  const auto grid = LoadGrid();
  const GridPoint* p = Find(grid, "bbr|10|200|0.25|0.03");
  ASSERT_NE(p, nullptr);
  std::string why;
  const Means by_window = RunOursAtPoint(*p, Recovery::kRfc);
  const Means by_pipe = RunOursAtPoint(*p, Recovery::kNs3);
  EXPECT_FALSE(Agrees(*p, by_window, MeansOf(p->goodputs), &why)) << why;
  std::cout << "[ ns-3 grid ] bbr|10|200|0.25|0.03 by window: " << why << "\n";
  EXPECT_TRUE(Agrees(*p, by_pipe, MeansOf(p->goodputs), &why)) << why;
  std::cout << "[ ns-3 grid ] bbr|10|200|0.25|0.03 by pipe: " << why << "\n";
  EXPECT_LT(by_window.total, 0.35 * by_pipe.total);
}

// The cubic class is not HyStart. ns-3.44's TcpCubic runs HyStart by default and ours runs
// it too here (cubic.hystart = ns3); ns3-grid-cubic-hystart-off.jsonl reruns ns-3 at every
// CUBIC point with HyStart off (grid.mjs --ns3-arg --ns3::TcpCubic::HyStart=false). Off or
// on, ns-3 gets the same by the grid's rule at all but a few points (at 3 % loss the first
// slow start ends by a loss before HyStart finds anything), and with HyStart off on both
// sides about as many points disagree as with it on on both: 21 of 44 either way with
// prr_ns3 and RFC 9438's law, 14 off and 12 on with ns-3's platform (prr_ns3_calls, its law).
TEST(Ns3Grid, HyStartIsNotWhyCubicDisagrees) {
  const auto grid = LoadGrid();
  const auto off = LoadGrid("ns3-grid-cubic-hystart-off.jsonl");
  int points = 0, ns3_moved = 0, disagree_on = 0, disagree_off = 0;
  std::string why;
  for (const GridPoint& p_off : off) {
    const GridPoint* p = Find(grid, p_off.key);
    if (p == nullptr || !Covers("cubic", p->first) || p->goodputs.size() != p_off.goodputs.size()) continue;
    ++points;
    const Means ns3_on = MeansOf(p->goodputs), ns3_off = MeansOf(p_off.goodputs);
    if (!Agrees(*p, ns3_off, ns3_on, &why)) {
      ++ns3_moved;
      std::cout << "[ ns-3 grid ] ns-3's HyStart moves " << p->key << ": " << why << "\n";
    }
    disagree_on += Agrees(*p, RunOursAtPoint(*p), ns3_on, &why) ? 0 : 1;
    disagree_off += Agrees(p_off, RunOursAtPoint(p_off, Recovery::kNs3, false), ns3_off, &why) ? 0 : 1;
  }
  std::cout << "[ ns-3 grid ] CUBIC points: " << points << "; ns-3's HyStart moves " << ns3_moved
            << "; disagreeing with HyStart on both sides " << disagree_on << ", off on both " << disagree_off << "\n";
  EXPECT_GE(points, 40);
  EXPECT_LE(ns3_moved, 3);
  EXPECT_GE(disagree_off, 10);  // the class stays without HyStart on either side
  EXPECT_GE(disagree_off, disagree_on - 2);
}

// Part of the cubic class: at a 1-packet queue (1 Mb/s, 10 ms), loss-free, ours gets 0.409
// Mb/s to ns-3's 0.848, timing out 6 times where ns-3 times out once (and recovers 118
// times). ns-3's TcpCubic counts its window in whole segments (GetSsThresh: max(floor(0.7 x
// segments), 2) segments; in avoidance one segment per cnt ACKs; slow start by the segments
// delivered): with that law (cubic.law = ns3, nothing else changed) ours gets within 6 % of
// ns-3 (0.894) and times out at most twice (both with RFC 6675's pipe; with ns-3's pipe,
// tcp.pipe = ns3, RFC 9438's law times out once and gets 0.949, the grid's run 0.894). Before prr_ns3 counted as
// ns-3.44 counts with SACK: 0.245 and 7 timeouts, with the law 0.83 (within 3 %).
TEST(Ns3Grid, WholeSegmentCubicIsMostOfTheOnePacketQueueGap) {
  const auto grid = LoadGrid();
  const GridPoint* p = Find(grid, "cubic|1|10|0.25|0");
  ASSERT_NE(p, nullptr);
  ASSERT_EQ(p->goodputs.size(), 1u);
  const double ns3 = MeansOf(p->goodputs).total;
  RunOptions options;
  options.series = false;
  const auto run = [&](const nlohmann::json& s) {
    return nlohmann::json::parse(plab::Run(s.dump(), options).json)["flows"][0]["summary"];
  };
  nlohmann::json scenario = GridScenarioFor(*p, 1);
  scenario["flows"][0]["cubic"]["law"] = "rfc9438";
  scenario["flows"][0]["tcp"]["pipe"] = "rfc6675";
  const auto rfc = run(scenario);
  scenario["flows"][0]["cubic"]["law"] = "ns3";
  const auto law = run(scenario);
  // ns-3's pipe alone (a SACKed retransmission kept in it) also keeps the timer away.
  scenario["flows"][0]["cubic"]["law"] = "rfc9438";
  scenario["flows"][0]["tcp"]["pipe"] = "ns3";
  const auto pipe = run(scenario);
  EXPECT_LE(pipe["timeouts"].get<int>(), 1);
  std::cout << "[ ns-3 grid ] " << p->key << ": ns-3 " << ns3 << " Mb/s; ours " << rfc["goodput_mbps"] << " ("
            << rfc["timeouts"] << " timeouts), with ns-3's law " << law["goodput_mbps"] << " (" << law["timeouts"]
            << ")\n";
  EXPECT_LT(rfc["goodput_mbps"].get<double>(), 0.5 * ns3);
  EXPECT_GE(rfc["timeouts"].get<int>(), 5);
  EXPECT_NEAR(law["goodput_mbps"].get<double>(), ns3, 0.06 * ns3);
  EXPECT_LE(law["timeouts"].get<int>(), 2);
}

}  // namespace
}  // namespace plab
