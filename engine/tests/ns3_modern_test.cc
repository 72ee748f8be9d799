// Issue M §5: today's queues and controllers against ns-3.44 (tests/data/ns3-modern.jsonl,
// made by bench/ns3/modern.mjs with bench/ns3/modern.cc). Each case runs here on the same
// dumbbell (1 Gb/s, 1 ms access links), with TCP as ns3_grid_test.cc sets it (MSS 1000,
// timestamps, IW 10, minimum RTO 1 s, SACK recovered as ns-3.44 does: prr_ns3_calls, PRR's
// step run when and as TcpSocketBase runs TcpPrrRecovery::DoRecovery, and the pipe as its
// TcpTxBuffer::BytesInFlight counts it, tcp.pipe = ns3) and, as ns-3 always does, a
// handshake first (tcp.handshake; ns-3's 3 s SYN timer). CUBIC runs TcpCubic's HyStart and
// its whole-segment window law (cubic.hystart = ns3, cubic.law = ns3); CoDel and FQ-CoDel
// space their drops by Linux's Newton-step law as ns-3's CoDelQueueDisc (codel.law,
// fq_codel.law = newton).
//
// Tolerances:
// - total goodput within 1 %: the cases are loss-free, and the grid's loss-free rule
//   (ns3_grid_test.cc) holds the same law on the same path to 1 %;
// - with two flows, each flow's share within 0.10 (ns3_grid_test.cc's kShareTolerance);
// - the queue: modern.cc's bottleneck device holds one packet below its queue disc, and
//   ours runs so too (topology.bottleneck.device_packets = 1): the disc's sojourn ends
//   there and both count the disc alone. DCTCP's mean queue within 1 packet of ns-3's,
//   PIE's and LEDBAT's within 15 %, CoDel's and FQ-CoDel's (2-3 packets) within 1 packet;
//   the test prints both.
#include <cmath>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "data_lines.h"
#include "ns3_flow.h"
#include "test_util.h"

namespace plab {
namespace {

// Every line of ns3-modern.jsonl with this case's name (one per seed).
std::vector<nlohmann::json> ModernCase(const std::string& name) {
  std::ifstream in(std::string(PLAB_TEST_DATA_DIR) + "/ns3-modern.jsonl");
  EXPECT_TRUE(in.good());
  std::vector<nlohmann::json> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    auto row = nlohmann::json::parse(line);
    if (row["name"] == name) out.push_back(std::move(row));
  }
  EXPECT_FALSE(out.empty()) << name;
  return out;
}

double CaseMean(const std::vector<nlohmann::json>& rows, const std::string& field) {
  double sum = 0;
  for (const auto& r : rows) sum += r[field].get<double>();
  return sum / static_cast<double>(rows.size());
}

// Our scenario for a case's line: `protocols` per flow, the bottleneck's queue as `queue`
// says (its discipline and settings), `duration_s` long.
nlohmann::json ModernScenario(const nlohmann::json& r, const std::vector<std::string>& protocols,
                              const nlohmann::json& queue, bool ecn, double duration_s, int seed = 1,
                              const std::string& recovery = "prr_ns3_calls", const std::string& pipe = "ns3") {
  nlohmann::json flows = nlohmann::json::array();
  for (size_t i = 0; i < protocols.size(); ++i) {
    nlohmann::json flow =
        testing::Ns3BulkFlow(protocols[i], static_cast<double>(i) * r["stagger"].get<double>(), 1000, 1);
    flow["recovery"] = recovery;
    flow["tcp"]["header_bytes"] = 42;
    flow["tcp"]["handshake"] = true;
    flow["tcp"]["initial_rto_ms"] = 3000;  // ns-3's ConnTimeout: the SYN's timer
    flow["tcp"]["ecn"] = ecn;
    testing::UseNs3Sender(flow, true);
    flow["tcp"]["pipe"] = pipe;  // ns3 unless a test asks for RFC 6675's
    // TcpSocketBase's CA_CWR: a mark's cut comes down over the next round (PRR), no growth,
    // with ns-3's PRR arithmetic (dctcp_cwr_ns3.cc).
    if (protocols[i] == "dctcp") flow["dctcp"]["reduction"] = "cwr_ns3";
    flows.push_back(flow);
  }
  nlohmann::json bottleneck = queue;
  bottleneck["rate_mbps"] = r["bw_mbps"];
  bottleneck["delay_ms"] = r["delay_ms"];
  bottleneck["queue_packets"] = r["limit"];
  // modern.cc's bottleneck device holds one packet below its queue disc (ns-3's AQM
  // examples' setup): the disc's sojourn ends and its count stops there.
  if (!bottleneck.contains("device_packets")) bottleneck["device_packets"] = 1;
  return {{"seed", seed},
          {"duration_s", duration_s},
          // The head run (its duration the warmup) measures from the start: only its
          // queue's mean is read.
          {"metrics",
           {{"start_s", duration_s > r["warmup"].get<double>() ? r["warmup"].get<double>() : 0.0},
            {"goodput", "app"}}},  // as ns-3's PacketSink counts
          {"topology",
           {{"kind", "dumbbell"},
            {"bottleneck", bottleneck},
            // modern.cc's access devices hold 1000 packets, as grid.cc's.
            {"access", {{"queue_packets", testing::kNs3AccessQueuePackets}}},
            {"receiver_access",
             {{"rate_mbps", 1000}, {"delay_ms", 1}, {"queue_packets", testing::kNs3AccessQueuePackets}}}}},
          {"flows", flows}};
}

struct ModernOurs {
  std::vector<double> goodput;  // per flow, over [warmup, end]
  double total = 0;
  double mean_queue = 0;  // packets, over [warmup, end]
  int64_t drops = 0;
  int64_t marks = 0;  // CE marks over the whole run, every flow's
};

// The run, and its mean queue over [warmup, end] from two runs' exact time-weighted
// means (the first `warmup` seconds of a run do not depend on its duration).
ModernOurs RunOurs(const nlohmann::json& r, const std::vector<std::string>& protocols, const nlohmann::json& queue,
                   bool ecn, int seed = 1, const std::string& recovery = "prr_ns3_calls",
                   const std::string& pipe = "ns3") {
  const double end = r["time"].get<double>();
  const double warmup = r["warmup"].get<double>();
  RunOptions options;
  options.series = false;
  ModernOurs ours;
  const RunOutput full = Run(ModernScenario(r, protocols, queue, ecn, end, seed, recovery, pipe).dump(), options);
  const RunOutput head = Run(ModernScenario(r, protocols, queue, ecn, warmup, seed, recovery, pipe).dump(), options);
  EXPECT_TRUE(full.ok) << full.json;
  EXPECT_TRUE(head.ok) << head.json;
  const auto doc = nlohmann::json::parse(full.json);
  for (const auto& flow : doc["flows"]) ours.goodput.push_back(flow["summary"]["goodput_mbps"].get<double>());
  for (double g : ours.goodput) ours.total += g;
  const double whole = doc["summary"]["mean_queue_packets"].get<double>();
  const double first = nlohmann::json::parse(head.json)["summary"]["mean_queue_packets"].get<double>();
  ours.mean_queue = (whole * end - first * warmup) / (end - warmup);
  // The figure the Validation view reads (make-references.py): the same mean in one run.
  EXPECT_NEAR(doc["summary"]["measured_mean_queue_packets"].get<double>(), ours.mean_queue,
              1e-9 * (1 + ours.mean_queue));
  // Every flow's drops and marks (the run's summary carries the first flow's figures).
  for (const auto& flow : doc["flows"]) {
    ours.drops += flow["summary"]["queue_drops"].get<int64_t>();
    ours.marks += flow["summary"]["ecn_marks"].get<int64_t>();
  }
  return ours;
}

// How each case runs here: our protocol per flow, the bottleneck's queue (from the case's
// line), ECN, and how many seeds (1..n, against ns-3's lines). The tests below run these, and
// the Validation view runs the same (ThePageRunsTheScenariosThisTestRuns).
struct CaseSetup {
  std::string name;
  std::vector<std::string> protocols;
  nlohmann::json (*queue)(const nlohmann::json& r);
  bool ecn = false;
  int seeds = 1;
};

// DCTCP (RFC 8257) on step marking at K: ns-3's RED with MinTh = MaxTh = K on the
// instantaneous queue, marking ECT packets, as ns-3's dctcp-example; ours the step queue.
nlohmann::json StepAtK(const nlohmann::json& r) { return {{"queue", "step"}, {"step", {{"k_packets", r["k"]}}}}; }
nlohmann::json DropTail(const nlohmann::json&) { return {{"queue", "drop_tail"}}; }
nlohmann::json Pie(const nlohmann::json&) { return {{"queue", "pie"}}; }
// ns-3.44's CoDelQueueDisc (FqCoDelQueueDisc runs one per flow) spaces its drops by
// Linux's Newton-step 1 / sqrt(count) (codel_control.h, Codel.TheNewtonLawSpacesDropsAsLinuxAndNs3).
nlohmann::json FqCodel(const nlohmann::json&) { return {{"queue", "fq_codel"}, {"fq_codel", {{"law", "newton"}}}}; }
nlohmann::json Codel(const nlohmann::json&) { return {{"queue", "codel"}, {"codel", {{"law", "newton"}}}}; }

const std::vector<CaseSetup>& CaseSetups() {
  static const std::vector<CaseSetup> setups = {
      {"dctcp-k20", {"dctcp"}, StepAtK, true},
      {"dctcp-k40", {"dctcp"}, StepAtK, true},
      {"dctcp-2flows", {"dctcp", "dctcp"}, StepAtK, true},
      {"newreno-fifo", {"sack"}, DropTail},
      {"ledbat-alone", {"ledbat"}, DropTail},
      {"ledbat-newreno", {"sack", "ledbat"}, DropTail},
      {"cubic-alone", {"cubic"}, DropTail},
      {"cubic-2flows", {"cubic", "cubic"}, DropTail},
      {"pie-2newreno", {"sack", "sack"}, Pie, false, 3},  // PIE's coin is random in both
      {"fqcodel-newreno-cubic", {"sack", "cubic"}, FqCodel},
      {"codel-2newreno", {"sack", "sack"}, Codel},
  };
  return setups;
}

const CaseSetup& SetupOf(const std::string& name) {
  for (const auto& c : CaseSetups()) {
    if (c.name == name) return c;
  }
  ADD_FAILURE() << "no setup for " << name;
  return CaseSetups().front();
}

// One seed of a case as the table sets it.
ModernOurs RunCase(const std::string& name, const nlohmann::json& r, int seed = 1,
                   const std::string& recovery = "prr_ns3_calls", const std::string& pipe = "ns3") {
  const CaseSetup& c = SetupOf(name);
  return RunOurs(r, c.protocols, c.queue(r), c.ecn, seed, recovery, pipe);
}

void ExpectDctcpAgrees(const std::string& name) {
  const auto rows = ModernCase(name);
  const nlohmann::json& r = rows.front();
  const size_t flows = SetupOf(name).protocols.size();
  const ModernOurs ours = RunCase(name, r);
  const double ns3_total = CaseMean(rows, "total_mbps");
  const double ns3_queue = CaseMean(rows, "mean_queue_packets");
  std::cout << "[ ns-3 modern ] " << name << ": total ours " << ours.total << " ns-3 " << ns3_total
            << ", mean queue ours " << ours.mean_queue << " ns-3 " << ns3_queue << " (K " << r["k"] << "), marks ours "
            << ours.marks << " ns-3 " << CaseMean(rows, "marks") << "\n";
  EXPECT_NEAR(ours.total, ns3_total, 0.01 * ns3_total) << name;
  const double k = r["k"].get<double>();
  EXPECT_LT(ns3_queue, k) << name;
  EXPECT_LT(ours.mean_queue, k) << name;
  EXPECT_GT(ours.mean_queue, k / 2) << name;  // held near K, not emptied as NewReno's halving does
  EXPECT_EQ(ours.drops, 0) << name;           // nothing is lost
  // The mean queue within the Validation view's one packet of ns-3's, the marks within 10 %:
  // with ns-3's CWR arithmetic (dctcp.reduction = cwr_ns3) ours hold 15.09 / 34.75 / 13.57
  // packets to ns-3's 15.12 / 34.72 / 13.46 and mark 10,334 / 9,769 / 17,755 times to its
  // 10,844 / 10,169 / 18,668. The round of RFC 6937's proportion (cwr) held 15.56 / 35.32 /
  // 15.37 packets and marked 8-18 % fewer; the cut at once 16.7 / 36.5 / 16.0 and 1.02-1.31x.
  EXPECT_NEAR(ours.mean_queue, ns3_queue, 1.0) << name;
  const double ns3_marks = CaseMean(rows, "marks");
  EXPECT_NEAR(static_cast<double>(ours.marks), ns3_marks, 0.10 * ns3_marks) << name;
  if (flows == 2) {
    double ns3_share = 0;
    for (const auto& row : rows) ns3_share += row["goodput_mbps"][0].get<double>() / row["total_mbps"].get<double>();
    ns3_share /= static_cast<double>(rows.size());
    EXPECT_NEAR(ours.goodput[0] / ours.total, ns3_share, 0.10) << name;
  }
}

TEST(Ns3Modern, DctcpHoldsTheQueueAtK20AsNs3) { ExpectDctcpAgrees("dctcp-k20"); }
TEST(Ns3Modern, DctcpHoldsTheQueueAtK40AsNs3) { ExpectDctcpAgrees("dctcp-k40"); }
TEST(Ns3Modern, TwoDctcpFlowsShareAsInNs3) { ExpectDctcpAgrees("dctcp-2flows"); }

// Drop-tail NewReno for contrast, and to check the measure: the same buffer full to half
// on average, the same goodput.
TEST(Ns3Modern, NewRenoOnDropTailAsNs3) {
  const auto rows = ModernCase("newreno-fifo");
  const nlohmann::json& r = rows.front();
  const ModernOurs ours = RunCase("newreno-fifo", r);
  const double ns3_total = CaseMean(rows, "total_mbps");
  const double ns3_queue = CaseMean(rows, "mean_queue_packets");
  std::cout << "[ ns-3 modern ] newreno-fifo: total ours " << ours.total << " ns-3 " << ns3_total
            << ", mean queue ours " << ours.mean_queue << " ns-3 " << ns3_queue << "\n";
  EXPECT_NEAR(ours.total, ns3_total, 0.01 * ns3_total);
  EXPECT_GT(ours.mean_queue, 2 * CaseMean(ModernCase("dctcp-k20"), "mean_queue_packets"));
}

// LEDBAT alone (RFC 6817, TARGET 100 ms) fills the link as ns-3's TcpLedbat does. Their
// queues differ by design: ns-3's LEDBAT slow-starts (its SSParam default) and overfills
// the 1000-packet buffer at first (1062 drops, a mean of 309 packets from 2 s), ours has no
// slow start and grows by the RFC's law from its initial window; so only the goodput is
// compared.
TEST(Ns3Modern, LedbatAloneFillsTheLinkAsNs3) {
  const auto rows = ModernCase("ledbat-alone");
  const nlohmann::json& r = rows.front();
  const ModernOurs ours = RunCase("ledbat-alone", r);
  const double ns3_total = CaseMean(rows, "total_mbps");
  std::cout << "[ ns-3 modern ] ledbat-alone: total ours " << ours.total << " ns-3 " << ns3_total
            << ", mean queue ours " << ours.mean_queue << " ns-3 " << CaseMean(rows, "mean_queue_packets") << "\n";
  EXPECT_NEAR(ours.total, ns3_total, 0.01 * ns3_total);
  EXPECT_EQ(ours.drops, 0);  // no slow start: the buffer never fills
}

// CUBIC with HyStart (ns-3.44 TcpCubic's defaults; ours cubic.hystart = ns3, the same
// rules, cubic_hystart_test.cc) on drop-tail, cases chosen before either was run: alone on
// a 1000-packet buffer, where HyStart decides how far slow start fills it, and two flows
// on a 100-packet one. Goodput agrees (9.488 / 9.488 alone; 9.487 / 9.486 for the pair).
// The lone flow's queue agrees with ns-3's whole-segment window law (cubic.law = ns3,
// cubic_ns3_law_test.cc), the scenario's, and not with RFC 9438's (190 packets from 2 s
// against ns-3's 416, no drop in either). The grid keeps RFC 9438's law (docs: the "cubic"
// class of ns3-grid-disagreements.json).
TEST(Ns3Modern, CubicWithHyStartAsNs3) {
  for (const std::string name : {"cubic-alone", "cubic-2flows"}) {
    const auto rows = ModernCase(name);
    const nlohmann::json& r = rows.front();
    const auto flows = r["goodput_mbps"].size();
    const std::vector<std::string>& protocols = SetupOf(name).protocols;
    ASSERT_EQ(protocols.size(), flows) << name;
    const ModernOurs ours = RunCase(name, r);
    const double ns3_total = CaseMean(rows, "total_mbps");
    const double ns3_queue = CaseMean(rows, "mean_queue_packets");
    std::cout << "[ ns-3 modern ] " << name << ": total ours " << ours.total << " ns-3 " << ns3_total
              << ", flow 0 ours " << ours.goodput[0] << " ns-3 " << r["goodput_mbps"][0] << ", mean queue ours "
              << ours.mean_queue << " ns-3 " << ns3_queue << ", drops ours " << ours.drops << " ns-3 "
              << CaseMean(rows, "drops") << "\n";
    const double packets = r["bw_mbps"].get<double>() * 1e6 * r["time"].get<double>() / 8 / 1054;
    EXPECT_NEAR(ours.total, ns3_total, testing::Ns3Tolerance(CaseMean(rows, "drops") / packets) * ns3_total) << name;
    if (flows == 2) {
      EXPECT_NEAR(ours.goodput[0] / ours.total, r["goodput_mbps"][0].get<double>() / ns3_total, 0.10) << name;
      continue;
    }
    // Alone: the queue as ns-3's with ns-3's whole-segment law, not with RFC 9438's.
    EXPECT_NEAR(ours.mean_queue, ns3_queue, 0.10 * ns3_queue) << name;
    const auto rfc_law = [&](double duration) {
      nlohmann::json h = ModernScenario(r, protocols, {{"queue", "drop_tail"}}, false, duration);
      h["flows"][0]["cubic"]["law"] = "rfc9438";
      return h;
    };
    const double whole = testing::RunOk(rfc_law(r["time"].get<double>())).summary["mean_queue_packets"].get<double>();
    const double first = testing::RunOk(rfc_law(r["warmup"].get<double>())).summary["mean_queue_packets"].get<double>();
    const double end = r["time"].get<double>();
    const double warmup = r["warmup"].get<double>();
    const double with_rfc_law = (whole * end - first * warmup) / (end - warmup);
    std::cout << "[ ns-3 modern ] " << name << ": mean queue with cubic.law = rfc9438 " << with_rfc_law << "\n";
    EXPECT_LT(with_rfc_law, 0.6 * ns3_queue) << name;
  }
}

// The CUBIC pair's shares (the class ns3-modern-cubic-pair-share of the stops before
// 2026-11-29): ns-3's flow 0 keeps 0.755 of the goodput, Jain's index 0.793. Ours agrees
// (0.72, 0.838) with both of ns-3's ways: its whole-segment window law (cubic.law = ns3:
// its CntClamp of 20 segments grows the first epoch to the first loss at 0.643 s with 159
// out, as ns-3's trace) and its DoRecovery calls (prr_ns3_calls: ns-3's PRR sends about a
// segment per ACK, overfills the buffer in the first recovery, and the 7 segments lost
// beyond its recovery point start a second recovery as it ends, 0.8677 s in both, 111 ->
// 77 segments; then both flows grow to within a segment of ns-3's until 7.8 s). With
// either alone Jain's index parts from ns-3's by more than the Validation view's 0.05:
// RFC 9438's law 0.886, PRR's step once per ACK 0.736 (before 2026-11-29 ours had both,
// 0.872).
TEST(Ns3Modern, TheCubicPairAgreesWithNs3sLawAndDoRecoveryCalls) {
  const auto rows = ModernCase("cubic-2flows");
  const nlohmann::json& r = rows.front();
  const double ns3_jain = CaseMean(rows, "jain");
  const auto jain = [&](const std::string& law, const std::string& recovery) {
    nlohmann::json scenario = ModernScenario(r, SetupOf("cubic-2flows").protocols, {{"queue", "drop_tail"}}, false,
                                             r["time"].get<double>(), 1, recovery);
    for (auto& flow : scenario["flows"]) flow["cubic"]["law"] = law;
    const auto doc = nlohmann::json::parse(testing::RunOk(scenario).json);
    const double f0 = doc["flows"][0]["summary"]["goodput_mbps"].get<double>();
    const double f1 = doc["flows"][1]["summary"]["goodput_mbps"].get<double>();
    const double j = (f0 + f1) * (f0 + f1) / (2 * (f0 * f0 + f1 * f1));
    std::cout << "[ ns-3 modern ] cubic-2flows, cubic.law " << law << ", " << recovery << ": flow 0's share "
              << f0 / (f0 + f1) << ", Jain " << j << " (ns-3 " << ns3_jain << ")\n";
    return j;
  };
  EXPECT_NEAR(jain("ns3", "prr_ns3_calls"), ns3_jain, 0.05);
  EXPECT_GT(std::abs(jain("rfc9438", "prr_ns3_calls") - ns3_jain), 0.05);
  EXPECT_GT(std::abs(jain("ns3", "prr_ns3") - ns3_jain), 0.05);
}

// ---- PIE, FQ-CoDel and CoDel (issue M §3, §5) -------------------------------------------
//
// Two bulk flows through each AQM, as ns-3.44's PieQueueDisc, FqCoDelQueueDisc and
// CoDelQueueDisc with their defaults (bench/ns3/modern.cc). These runs lose packets
// (0.3 % to 3 %), so the goodput tolerance is the lossy one of the ns-3 comparisons
// (Ns3Tolerance, ns3_validation_test.cc), the shares ns3_grid_test.cc's 0.10. Where ours
// and ns-3's differ beyond them, the test says so and docs/conformance/pie.md and
// fq_codel.md record what the experiments found; nothing is loosened to pass.

struct AqmCase {
  ModernOurs ours;  // means over the seeds run
  double ours_drops = 0;
  double ns3_total = 0;
  double ns3_queue = 0;
  double ns3_drops = 0;
  double ns3_share = 0;  // flow 0's share of the total, mean over seeds
  double loss = 0;       // ns-3's drops over the packets the link carried
};

// The case's seeds of ours (CaseSetups) against ns-3's lines.
AqmCase CompareAqm(const std::string& name, const std::string& recovery = "prr_ns3_calls",
                   const std::string& pipe = "ns3") {
  const auto rows = ModernCase(name);
  const int seeds = SetupOf(name).seeds;
  AqmCase c;
  for (int seed = 1; seed <= seeds; ++seed) {
    const ModernOurs one = RunCase(name, rows.front(), seed, recovery, pipe);
    if (c.ours.goodput.empty()) c.ours.goodput.assign(one.goodput.size(), 0.0);
    for (size_t i = 0; i < one.goodput.size(); ++i) c.ours.goodput[i] += one.goodput[i] / seeds;
    c.ours.total += one.total / seeds;
    c.ours.mean_queue += one.mean_queue / seeds;
    c.ours_drops += static_cast<double>(one.drops) / seeds;
  }
  c.ns3_total = CaseMean(rows, "total_mbps");
  c.ns3_queue = CaseMean(rows, "mean_queue_packets");
  c.ns3_drops = CaseMean(rows, "drops");
  for (const auto& row : rows) c.ns3_share += row["goodput_mbps"][0].get<double>() / row["total_mbps"].get<double>();
  c.ns3_share /= static_cast<double>(rows.size());
  const nlohmann::json& r = rows.front();
  const double packets = r["bw_mbps"].get<double>() * 1e6 * r["time"].get<double>() / 8 / 1054;  // 1000 + 52 + 2 (PPP)
  c.loss = c.ns3_drops / packets;
  std::cout << "[ ns-3 modern ] " << name << (recovery == "prr_ns3_calls" ? "" : " (" + recovery + ")")
            << (pipe == "ns3" ? "" : " (tcp.pipe " + pipe + ")") << ": total ours " << c.ours.total << " ns-3 "
            << c.ns3_total << ", flow 0's share ours " << c.ours.goodput[0] / c.ours.total << " ns-3 " << c.ns3_share
            << ", mean queue ours " << c.ours.mean_queue << " ns-3 " << c.ns3_queue << ", drops ours " << c.ours_drops
            << " ns-3 " << c.ns3_drops << " (loss " << c.loss << ")\n";
  return c;
}

// The mean queue as a delay at the bottleneck (a 1054-byte packet in ns-3's bytes).
double QueueDelayMs(double packets, double bw_mbps) { return packets * 1054 * 8 / (bw_mbps * 1e3); }

// PIE (RFC 8033): total goodput within the lossy tolerance for ns-3's 3 % loss (25 %), the
// shares within 0.10, as many drops as ns-3's PIE makes within the same 25 %, both hold the
// mean queue delay near QDELAY_REF (15 ms, within half of it either way), and ours holds
// as long a queue as ns-3's (within 15 %): 9.73 Mb/s to 9.39, flow 0's share 0.58 to 0.62,
// 14.13 packets to 14.13, 439 drops to 385. Three seeds' drops are the coin's as much as
// the controller's: ns-3's own over seeds 1-20 run from 86 to 538 (mean 326, s.d. 98);
// over those twenty ours agree within a count's 10 % (PieDropsOverTwentySeedsAsNs3).
// They agree since our pipe counts as ns-3.44's TcpTxBuffer does (tcp.pipe = ns3,
// TheNs3PipeIsWhyTheAqmDropsAgree); before, with RFC 6675's pipe, 773 (prr_ns3_calls) or
// 337 (prr_ns3), 9.25 Mb/s and 12.2 packets (docs/conformance/pie.md).
TEST(Ns3Modern, PieTwoNewRenoAsNs3) {
  const AqmCase c = CompareAqm("pie-2newreno");
  const double tolerance = testing::Ns3Tolerance(c.loss);
  EXPECT_NEAR(c.ours.total, c.ns3_total, tolerance * c.ns3_total);
  EXPECT_NEAR(c.ours.goodput[0] / c.ours.total, c.ns3_share, 0.10);
  EXPECT_NEAR(c.ours_drops, c.ns3_drops, tolerance * c.ns3_drops);
  EXPECT_NEAR(QueueDelayMs(c.ns3_queue, 10), 15, 7.5);
  EXPECT_NEAR(QueueDelayMs(c.ours.mean_queue, 10), 15, 7.5);
  EXPECT_NEAR(c.ours.mean_queue, c.ns3_queue, 0.15 * c.ns3_queue);
}

// PIE's drops over seeds 1-20 of both (ns-3's from bench/ns3/modern.mjs --only
// pie-2newreno --seeds 20, tests/data/ns3-modern-pie-seeds.jsonl; its first three are
// ns3-modern.jsonl's): the means within 10 %, DCTCP's tolerance for its marks: ours 345.8,
// ns-3 325.5 (with RFC 6675's pipe ours drop about twice ns-3's).
TEST(Ns3Modern, PieDropsOverTwentySeedsAsNs3) {
  const std::vector<nlohmann::json> rows = testing::ReadDataJsonLines("ns3-modern-pie-seeds.jsonl");
  ASSERT_EQ(rows.size(), 20u);
  double ns3 = 0;
  double ours = 0;
  for (const nlohmann::json& row : rows) {
    ns3 += row["drops"].get<double>() / static_cast<double>(rows.size());
    ours += static_cast<double>(RunCase("pie-2newreno", row, row["seed"].get<int>()).drops) /
            static_cast<double>(rows.size());
  }
  std::cout << "[ ns-3 modern ] pie-2newreno, seeds 1-20: drops ours " << ours << " ns-3 " << ns3 << "\n";
  EXPECT_NEAR(ours, ns3, 0.10 * ns3);
}

// Why the AQMs' drops agree: ns-3.44's TcpTxBuffer::BytesInFlight() (sent - SACKed - lost
// + retransmitted) keeps a SACKed retransmission in the pipe until the cumulative ACK
// passes it (a SACK clears m_lost, not m_retrans; scoreboard.h). In the first recovery
// after the slow-start overshoot through PIE (seed 1, traced) ns-3's pipe held 285
// segments while about 31 were in the network: 114 lost retransmissions and 140 SACKed
// ones; it sent ~600 segments/s, the queue emptied at 1.35 s and drop_prob decayed
// (x 0.98 an update) from 0.39 to 0.05 by 2.3 s. With RFC 6675's pipe ours kept sending
// 1,300-1,800 segments/s into the queue, held 3-4 packets there, so drop_prob stayed near 0.45
// and dropped until the timeout (2.17 s): 835 drops to ns-3's 433. Through FQ-CoDel
// the same: 144 drops to ns-3's 66 (the CUBIC flow's recovery lost more). With tcp.pipe =
// ns3 each within the tolerances above; with rfc6675 beyond them.
TEST(Ns3Modern, TheNs3PipeIsWhyTheAqmDropsAgree) {
  for (const std::string name : {"pie-2newreno", "fqcodel-newreno-cubic"}) {
    const AqmCase ns3_pipe = CompareAqm(name);
    const AqmCase rfc_pipe = CompareAqm(name, "prr_ns3_calls", "rfc6675");
    const double tolerance = name == "pie-2newreno" ? testing::Ns3Tolerance(ns3_pipe.loss) : 0.10;
    EXPECT_NEAR(ns3_pipe.ours_drops, ns3_pipe.ns3_drops, tolerance * ns3_pipe.ns3_drops) << name;
    EXPECT_GT(rfc_pipe.ours_drops, (1 + tolerance) * rfc_pipe.ns3_drops) << name;
  }
}

// FQ-CoDel (RFC 8290), NewReno beside CUBIC: each flow's share as ns-3's (the round robin
// shares the link), the total within the lossy tolerance (10 % at ns-3's 0.56 % loss) and
// the mean queue as ns-3's within a packet, the drops within 10 %: 9.22 Mb/s to 8.69, flow
// 0's share 0.43 to 0.46, 2.49 packets to 2.52, 72 drops to 66 (with RFC 6675's pipe 144,
// TheNs3PipeIsWhyTheAqmDropsAgree; then flow 0 lost 84 where ns-3's lost 39, the CUBIC
// flow 60 to 27). The CoDel drops fall, one by one, within 2 ms of ns-3's up to 1.25 s
// with the Newton law (TheNewtonLawIsWhyTheCodelDropsAgree); then our CUBIC flow loses 6
// more in its recovery at 1.25-1.46 s. The total was the class ns3-modern-fqcodel-total
// before 2026-11-29 (9.61 Mb/s to 8.69, +10.5 %): ours lost the fast retransmission of the
// CUBIC flow's first recovery and timed out, where ns-3 recovers again as a recovery ends
// (RFC 6675's duplicate ACK and IsLost, sack_dupack_test.cc), and ran PRR's step once per
// ACK where ns-3 runs it twice (prr_ns3_calls, Ns3PrrCallsAreWhyTheCodelTotalsAgree); its
// CUBIC ran RFC 9438's law, ns-3 its whole-segment one (docs/conformance/fq_codel.md).
TEST(Ns3Modern, FqCodelNewRenoBesideCubicAsNs3) {
  const AqmCase c = CompareAqm("fqcodel-newreno-cubic");
  EXPECT_NEAR(c.ours.goodput[0] / c.ours.total, c.ns3_share, 0.10);
  EXPECT_NEAR(c.ours.total, c.ns3_total, testing::Ns3Tolerance(c.loss) * c.ns3_total);
  EXPECT_NEAR(c.ours.mean_queue, c.ns3_queue, 1.0);
  // The drops within 10 % (DCTCP's tolerance for its marks): 72 to 66.
  EXPECT_NEAR(c.ours_drops, c.ns3_drops, 0.10 * c.ns3_drops);
  // Each flow's queue held near CoDel's 5 ms target (a 1000-packet buffer could hold 0.84 s).
  EXPECT_LT(QueueDelayMs(c.ns3_queue, 10), 2 * 5);
  EXPECT_LT(QueueDelayMs(c.ours.mean_queue, 10), 2 * 5);
}

// CoDel (RFC 8289), two NewReno flows: the shares as ns-3's, total goodput within the
// lossy tolerance (10 % at 0.23 %: ours 8.19 Mb/s, ns-3 8.18; 8.31 before tcp.pipe = ns3
// and the Newton law; 8.89 with prr_ns3 before 2026-11-29, 9.02 with it after RFC 6675's
// duplicate ACKs), the drops within 10 % (27 and 27; 24 with the exact law), and the mean
// queue within a packet of ns-3's: 1.98 packets to 1.95 with the device stage (2.08 before
// tcp.pipe = ns3 and the Newton law, 2.66 with prr_ns3) (RFC 8289's sojourn ends
// where ns-3's disc hands the packet to its device, and the count leaves the device's
// packet out). Without it ours held 3.15 (the device's packet counted, and sojourns a
// packet time longer), the class ns3-modern-codel-queue of the stops before 2026-11-29.
// (docs/conformance/fq_codel.md).
TEST(Ns3Modern, CodelTwoNewRenoSharesAsNs3) {
  const AqmCase c = CompareAqm("codel-2newreno");
  EXPECT_NEAR(c.ours.goodput[0] / c.ours.total, c.ns3_share, 0.10);
  EXPECT_NEAR(c.ours.total, c.ns3_total, testing::Ns3Tolerance(c.loss) * c.ns3_total);
  EXPECT_NEAR(c.ours.mean_queue, c.ns3_queue, 1.0);
  EXPECT_NEAR(c.ours_drops, c.ns3_drops, 0.10 * c.ns3_drops);  // 27 and 27
  EXPECT_LT(QueueDelayMs(c.ns3_queue, 10), 5);
  EXPECT_LT(QueueDelayMs(c.ours.mean_queue, 10), 5);
}

// CoDel's control law as ns-3.44's (Linux's) CoDelQueueDisc computes it, 1 / sqrt(count)
// by one Newton step per count (codel.law, fq_codel.law = newton; codel_control.h): its
// second drop 50 ms after the first, not 70.7. Traced through FQ-CoDel, ns-3's third drop
// came at 0.4645 s, ours with the exact law at 0.4864 s; with the Newton law every drop
// up to 1.25 s falls within 2 ms of ns-3's, on the same segment or the next. Through CoDel
// the drops agree with it (27 to 27) and not without it (24).
TEST(Ns3Modern, TheNewtonLawIsWhyTheCodelDropsAgree) {
  const std::vector<nlohmann::json> rows = ModernCase("codel-2newreno");
  const nlohmann::json& r = rows.front();
  const CaseSetup& setup = SetupOf("codel-2newreno");
  nlohmann::json exact = setup.queue(r);
  exact["codel"]["law"] = "rfc8289";
  const double ns3 = CaseMean(rows, "drops");
  const double newton = static_cast<double>(RunOurs(r, setup.protocols, setup.queue(r), setup.ecn).drops);
  const double rfc = static_cast<double>(RunOurs(r, setup.protocols, exact, setup.ecn).drops);
  std::cout << "[ ns-3 modern ] codel-2newreno: drops with codel.law newton " << newton << ", rfc8289 " << rfc
            << ", ns-3 " << ns3 << "\n";
  EXPECT_NEAR(newton, ns3, 0.10 * ns3);
  EXPECT_GT(std::abs(rfc - ns3), 0.10 * ns3);
}

// The device stage is what brings CoDel's queue close to ns-3's: with it 1.98 packets to
// ns-3's 1.95, the same runs without it 2.67 (2.08 and 2.82 before tcp.pipe = ns3 and the
// Newton law). (With PRR's step once per ACK, before
// 2026-11-29, without it the queue was more than a packet above ns-3's, and this test said
// so; prr_ns3_calls holds both lower.)
TEST(Ns3Modern, TheDeviceStageIsWhyCodelsQueueAgrees) {
  const std::vector<nlohmann::json> rows = ModernCase("codel-2newreno");
  const nlohmann::json& r = rows.front();
  const CaseSetup& setup = SetupOf("codel-2newreno");
  const ModernOurs with = RunOurs(r, setup.protocols, setup.queue(r), setup.ecn);
  nlohmann::json without_device = setup.queue(r);
  without_device["device_packets"] = 0;
  const ModernOurs without = RunOurs(r, setup.protocols, without_device, setup.ecn);
  const double ns3 = CaseMean(rows, "mean_queue_packets");
  std::cout << "[ ns-3 modern ] codel-2newreno: mean queue with the device stage " << with.mean_queue << ", without "
            << without.mean_queue << ", ns-3 " << ns3 << "\n";
  EXPECT_LT(std::abs(with.mean_queue - ns3), 0.25);
  EXPECT_GT(without.mean_queue - ns3, 0.5);
}

// SACK beside LEDBAT on the same 1000-packet buffer: the SACK flow's slow start overshoots
// it (1,051 drops, ns-3 1,062), recovers over a fast retransmit and a timeout, and then
// takes the link while LEDBAT, seeing a queue far past TARGET, yields: from 2 s, 9.42 Mb/s
// in all (ns-3 9.43), the SACK flow's share 0.995 (0.988), the mean queue 551 packets
// (549); tcp.pipe leaves them as they are (an earlier stop's: 1,298, 9.27, 0.991, 518).
// Before the cwnd validation read the
// pipe after a timeout (cwnd_after_timeout_test.cc) our SACK flow sat at cwnd 2 for the
// last 5 s: 1.96 Mb/s, LEDBAT 3.67. Totals within the lossy tolerance of ns-3's 11 % loss
// (25 %), shares within 0.10, the mean queue within 15 % (PIE's).
TEST(Ns3Modern, SackBesideLedbatTakesTheLinkAsNs3) {
  const AqmCase c = CompareAqm("ledbat-newreno");
  EXPECT_NEAR(c.ours.total, c.ns3_total, testing::Ns3Tolerance(c.loss) * c.ns3_total);
  EXPECT_NEAR(c.ours.goodput[0] / c.ours.total, c.ns3_share, 0.10);
  EXPECT_NEAR(c.ours.mean_queue, c.ns3_queue, 0.15 * c.ns3_queue);
}

// Why the CoDel totals agree: ns-3.44 runs TcpPrrRecovery::DoRecovery on every ACK that
// SACKs something new (DupAck, isDupAck = true) with 1 SMSS added while prr_delivered <
// RecoverFS, and again on a partial ACK (ProcessAck, isDupAck = false), and computes its
// send count in 32 bits (the product prr_delivered * ssthresh wraps past 2^32;
// prr_recovery.h): its PRR sends about one segment per ACK where RFC 6937 sends one per
// two. Run so (prr_ns3_calls, the scenarios') both totals agree. With PRR's step once per
// ACK (prr_ns3) FQ-CoDel's is more than the lossy tolerance above ns-3's (9.66 Mb/s to
// 8.69, +11 %; prr_ns3_calls 9.22, +6 %), and CoDel's, since tcp.pipe = ns3 and the Newton
// law, 9.3 % above, within the lossy 10 % but not the loss-free rule's 1 %, which
// prr_ns3_calls meets (8.19 to 8.18).
TEST(Ns3Modern, Ns3PrrCallsAreWhyTheCodelTotalsAgree) {
  for (const std::string name : {"fqcodel-newreno-cubic", "codel-2newreno"}) {
    const AqmCase counts = CompareAqm(name, "prr_ns3");
    const AqmCase calls = CompareAqm(name);
    const double tolerance = testing::Ns3Tolerance(calls.loss) * calls.ns3_total;
    EXPECT_NEAR(calls.ours.total, calls.ns3_total, tolerance) << name;
    if (name == "fqcodel-newreno-cubic") {
      EXPECT_GT(counts.ours.total - counts.ns3_total, tolerance) << name;
    } else {
      EXPECT_NEAR(calls.ours.total, calls.ns3_total, 0.01 * calls.ns3_total) << name;
      EXPECT_GT(counts.ours.total - counts.ns3_total, 0.01 * counts.ns3_total) << name;
    }
  }
}

// The Validation view names, beside each of these cases' checks that does not hold, its
// class in tests/data/ns3-modern-disagreements.json (scripts/make-references.py): each class
// has its cause, says whether tests explain it, and names tests of this binary (at least
// one unless explained is no).
TEST(Ns3Modern, EachKnownDisagreementNamesItsTests) {
  std::ifstream in(std::string(PLAB_TEST_DATA_DIR) + "/ns3-modern-disagreements.json");
  const auto doc = nlohmann::json::parse(in, nullptr, false);
  ASSERT_FALSE(doc.is_discarded());
  ASSERT_TRUE(doc.contains("classes") && doc["classes"].is_array());
  std::set<std::string> ids;
  for (const auto& c : doc["classes"]) {
    ASSERT_TRUE(c.contains("id") && c.contains("explained") && c.contains("tests") && c.contains("cause")) << c.dump();
    const std::string id = c["id"].get<std::string>();
    EXPECT_TRUE(ids.insert(id).second) << "class '" << id << "' twice";
    EXPECT_EQ(id.rfind("ns3-modern-", 0), 0u) << id << ": apart from the grid's classes by its name";
    const std::string explained = c["explained"].get<std::string>();
    EXPECT_TRUE(explained == "yes" || explained == "partly" || explained == "no") << id;
    EXPECT_FALSE(c["cause"].get<std::string>().empty()) << id;
    if (explained != "no") EXPECT_FALSE(c["tests"].empty()) << id << " is explained by no test";
    for (const auto& t : c["tests"])
      EXPECT_TRUE(testing::BinaryHasTest(t.get<std::string>())) << id << ": no test " << t;
  }
}

// The Validation view shows these cases from scripts/make-references.py, which writes the
// scenario it encodes in each case's link (seed 1) and its seed count to
// tests/data/ns3-modern-page-scenarios.jsonl (validation.test.ts checks the link decodes to
// it): each must be, as JSON, the scenario this test runs, over as many seeds.
TEST(Ns3Modern, ThePageRunsTheScenariosThisTestRuns) {
  std::set<std::string> seen;
  for (const nlohmann::json& row : testing::ReadDataJsonLines("ns3-modern-page-scenarios.jsonl")) {
    const std::string name = row["case"].get<std::string>();
    seen.insert(name);
    const CaseSetup& c = SetupOf(name);
    const nlohmann::json r = ModernCase(name).front();
    EXPECT_EQ(row["seeds"], c.seeds) << name;
    EXPECT_EQ(row["scenario"], ModernScenario(r, c.protocols, c.queue(r), c.ecn, r["time"].get<double>()))
        << name << ": the page's scenario\n"
        << row["scenario"].dump() << "\nthis test's\n"
        << ModernScenario(r, c.protocols, c.queue(r), c.ecn, r["time"].get<double>()).dump();
  }
  EXPECT_EQ(seen.size(), CaseSetups().size()) << "the page leaves out cases of this test";
}

}  // namespace
}  // namespace plab
