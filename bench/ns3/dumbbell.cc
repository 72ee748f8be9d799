// N bulk TCP flows sharing one bottleneck in ns-3.44: our own equivalent of the program
// behind the external reference set "ns3-dumbbell-set-c" (engine/tests/data/README.md),
// extended with ns-3 TcpCubic's attributes so a difference between ns-3's CUBIC and ours
// can be switched on and off. Compiled like reference.cc (bench/ns3/ns3.mjs's flags):
//
//   g++ -std=c++20 -O2 -DNS3_BUILD_PROFILE_RELEASE -DNS3_LOG_ENABLE -DNS3_ASSERT_ENABLE \
//     -I$NS3/include bench/ns3/dumbbell.cc -o build/ns3/dumbbell -L$NS3/lib64 \
//     -lns3.44-applications -lns3.44-internet -lns3.44-traffic-control \
//     -lns3.44-point-to-point -lns3.44-network -lns3.44-core -Wl,-rpath,$NS3/lib64
//
//   S_i --(100 Mb/s, access_ms[i mod k])-- L --(bw, delay; drop-tail `queue`)-- R
//       --(100 Mb/s, 1 ms)-- D_i
//
// The bottleneck is a plain drop-tail device queue (ns-3's default root queue disc is
// removed from L's bottleneck device). Loss: Bernoulli per packet on R's bottleneck
// device (data direction only). TCP: tcps[i mod k], MSS 1000, SACK and timestamps on,
// an ACK for every segment, initial window 10, minimum RTO 1 s, 16 MiB buffers. Flow i
// starts at i x stagger s. goodput_mbps[i]: bytes delivered to D_i's sink during
// [warmup, time], divided by (time - warmup).
//
// Prints one JSON line with the set's fields and the CUBIC attributes used.
#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/traffic-control-module.h"

#include "bulk_tcp.h"

#include <algorithm>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3;

namespace {

std::vector<uint64_t> g_rx_at_warmup;

// Per flow, from the warmup on: the time integral of cwnd (segments x s) and the number
// of window reductions (congestion events and timeouts).
struct CwndLog {
  double warmup_s = 0;
  double last_s = 0;
  double last_cwnd = 0;
  double integral = 0;
  uint32_t reductions = 0;
  uint32_t recoveries = 0;  // entries into fast recovery (CA_RECOVERY)
  uint32_t timeouts = 0;    // entries into CA_LOSS
};
std::vector<CwndLog> g_cwnd;
int g_trace_flow = -1;  // this flow's cwnd changes go to stderr as "t cwnd_segments"

void OnCwnd(uint32_t flow, uint32_t old_bytes, uint32_t new_bytes) {
  CwndLog& log = g_cwnd[flow];
  if (static_cast<int>(flow) == g_trace_flow) {
    std::fprintf(stderr, "%.6f %.3f\n", Simulator::Now().GetSeconds(), new_bytes / 1000.0);
  }
  const double now = Simulator::Now().GetSeconds();
  if (now > log.warmup_s) {
    log.integral += log.last_cwnd * (now - std::max(log.last_s, log.warmup_s));
    if (new_bytes < old_bytes) ++log.reductions;
  }
  log.last_s = now;
  log.last_cwnd = new_bytes / 1000.0;
}

void OnCongState(uint32_t flow, TcpSocketState::TcpCongState_t, TcpSocketState::TcpCongState_t next) {
  if (Simulator::Now().GetSeconds() <= g_cwnd[flow].warmup_s) return;
  if (next == TcpSocketState::CA_RECOVERY) ++g_cwnd[flow].recoveries;
  if (next == TcpSocketState::CA_LOSS) ++g_cwnd[flow].timeouts;
}

void TraceCwnd(uint32_t flow, uint32_t node_id) {
  std::ostringstream path;
  path << "/NodeList/" << node_id << "/$ns3::TcpL4Protocol/SocketList/0/CongestionWindow";
  Config::ConnectWithoutContext(path.str(), MakeBoundCallback(&OnCwnd, flow));
  std::ostringstream state_path;
  state_path << "/NodeList/" << node_id << "/$ns3::TcpL4Protocol/SocketList/0/CongState";
  Config::ConnectWithoutContext(state_path.str(), MakeBoundCallback(&OnCongState, flow));
}

void SampleAtWarmup(ApplicationContainer sinks) {
  for (uint32_t i = 0; i < sinks.GetN(); ++i) {
    g_rx_at_warmup[i] = DynamicCast<PacketSink>(sinks.Get(i))->GetTotalRx();
  }
}

}  // namespace

int main(int argc, char* argv[]) {
  uint32_t flows = 4;
  std::string tcps = "ns3::TcpNewReno,ns3::TcpCubic";
  std::string access_ms = "1";
  std::string bw = "20Mbps";
  std::string delay = "40ms";
  uint32_t queue_packets = 200;
  double loss = 0.0005;
  double time_s = 60;
  double warmup_s = 10;
  double stagger_s = 0.37;
  uint32_t seed = 1;
  // ns-3.44 TcpCubic's attributes, at their defaults.
  bool hystart = true;
  bool tcp_friendliness = true;
  bool fast_convergence = true;
  double beta = 0.7;
  double c = 0.4;
  std::string recovery = "ns3::TcpPrrRecovery";  // ns-3's default
  bool limited_transmit = true;                  // ns-3's default

  CommandLine cmd(__FILE__);
  cmd.AddValue("flows", "number of flows", flows);
  cmd.AddValue("tcps", "comma-separated TypeIds, flow i takes entry i mod k", tcps);
  cmd.AddValue("access_ms", "comma-separated access one-way delays, ms (i mod k)", access_ms);
  cmd.AddValue("bw", "bottleneck rate (ns-3 DataRate)", bw);
  cmd.AddValue("delay", "bottleneck one-way delay (ns-3 Time)", delay);
  cmd.AddValue("queue", "bottleneck drop-tail queue, packets", queue_packets);
  cmd.AddValue("loss", "probability of losing each data packet at the bottleneck", loss);
  cmd.AddValue("time", "simulated seconds", time_s);
  cmd.AddValue("warmup", "goodput is measured from this time, s", warmup_s);
  cmd.AddValue("stagger", "flow i starts at i x stagger, s", stagger_s);
  cmd.AddValue("seed", "run number (RngSeedManager::SetRun)", seed);
  cmd.AddValue("hystart", "ns3::TcpCubic::HyStart", hystart);
  cmd.AddValue("friendly", "ns3::TcpCubic::TcpFriendliness", tcp_friendliness);
  cmd.AddValue("fc", "ns3::TcpCubic::FastConvergence", fast_convergence);
  cmd.AddValue("beta", "ns3::TcpCubic::Beta", beta);
  cmd.AddValue("c", "ns3::TcpCubic::C", c);
  cmd.AddValue("recovery", "ns3::TcpL4Protocol::RecoveryType (ns3::TcpPrrRecovery, ns3::TcpClassicRecovery)", recovery);
  cmd.AddValue("limited_transmit", "ns3::TcpSocketBase::LimitedTransmit", limited_transmit);
  cmd.AddValue("trace_flow", "print this flow's cwnd changes to stderr", g_trace_flow);
  cmd.Parse(argc, argv);

  RngSeedManager::SetSeed(1);
  RngSeedManager::SetRun(seed);

  SetBulkTcpDefaults(1000, true);
  Config::SetDefault("ns3::TcpL4Protocol::RecoveryType", TypeIdValue(TypeId::LookupByName(recovery)));
  Config::SetDefault("ns3::TcpSocketBase::LimitedTransmit", BooleanValue(limited_transmit));
  Config::SetDefault("ns3::TcpCubic::HyStart", BooleanValue(hystart));
  Config::SetDefault("ns3::TcpCubic::TcpFriendliness", BooleanValue(tcp_friendliness));
  Config::SetDefault("ns3::TcpCubic::FastConvergence", BooleanValue(fast_convergence));
  Config::SetDefault("ns3::TcpCubic::Beta", DoubleValue(beta));
  Config::SetDefault("ns3::TcpCubic::C", DoubleValue(c));

  const std::vector<std::string> tcp_list = SplitList(tcps);
  const std::vector<std::string> access_list = SplitList(access_ms);

  NodeContainer senders;
  senders.Create(flows);
  NodeContainer receivers;
  receivers.Create(flows);
  NodeContainer routers;
  routers.Create(2);  // L, R

  InternetStackHelper stack;
  stack.InstallAll();
  for (uint32_t i = 0; i < flows; ++i) {
    // Each sender's own congestion control.
    std::ostringstream path;
    path << "/NodeList/" << senders.Get(i)->GetId() << "/$ns3::TcpL4Protocol/SocketType";
    Config::Set(path.str(), TypeIdValue(TypeId::LookupByName(tcp_list[i % tcp_list.size()])));
  }

  PointToPointHelper bottleneck;
  bottleneck.SetDeviceAttribute("DataRate", StringValue(bw));
  bottleneck.SetChannelAttribute("Delay", StringValue(delay));
  bottleneck.SetQueue("ns3::DropTailQueue", "MaxSize",
                      QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, queue_packets)));
  NetDeviceContainer bottleneck_devices = bottleneck.Install(routers.Get(0), routers.Get(1));

  Ipv4AddressHelper address;
  address.SetBase("10.0.0.0", "255.255.255.0");
  address.Assign(bottleneck_devices);
  // No root queue disc on L's bottleneck device: the device's drop-tail queue is the
  // bottleneck buffer.
  TrafficControlHelper::Default().Uninstall(bottleneck_devices.Get(0));

  Ptr<RateErrorModel> error_model = CreateObject<RateErrorModel>();
  error_model->SetUnit(RateErrorModel::ERROR_UNIT_PACKET);
  error_model->SetRate(loss);
  bottleneck_devices.Get(1)->SetAttribute("ReceiveErrorModel", PointerValue(error_model));

  std::vector<Ipv4Address> receiver_addresses;
  for (uint32_t i = 0; i < flows; ++i) {
    PointToPointHelper access;
    access.SetDeviceAttribute("DataRate", StringValue("100Mbps"));
    access.SetChannelAttribute("Delay", StringValue(access_list[i % access_list.size()] + "ms"));
    NetDeviceContainer left = access.Install(senders.Get(i), routers.Get(0));
    PointToPointHelper exit;
    exit.SetDeviceAttribute("DataRate", StringValue("100Mbps"));
    exit.SetChannelAttribute("Delay", StringValue("1ms"));
    NetDeviceContainer right = exit.Install(routers.Get(1), receivers.Get(i));
    std::ostringstream left_net;
    left_net << "10.1." << i + 1 << ".0";
    address.SetBase(left_net.str().c_str(), "255.255.255.0");
    address.Assign(left);
    std::ostringstream right_net;
    right_net << "10.2." << i + 1 << ".0";
    address.SetBase(right_net.str().c_str(), "255.255.255.0");
    receiver_addresses.push_back(address.Assign(right).GetAddress(1));
  }
  Ipv4GlobalRoutingHelper::PopulateRoutingTables();

  const uint16_t port = 50000;
  ApplicationContainer sinks;
  for (uint32_t i = 0; i < flows; ++i) {
    BulkSendHelper source("ns3::TcpSocketFactory", InetSocketAddress(receiver_addresses[i], port));
    source.SetAttribute("MaxBytes", UintegerValue(0));
    ApplicationContainer app = source.Install(senders.Get(i));
    app.Start(Seconds(i * stagger_s));
    app.Stop(Seconds(time_s));
    PacketSinkHelper sink("ns3::TcpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), port));
    ApplicationContainer sink_app = sink.Install(receivers.Get(i));
    sink_app.Start(Seconds(0));
    sink_app.Stop(Seconds(time_s));
    sinks.Add(sink_app);
  }
  g_rx_at_warmup.assign(flows, 0);
  g_cwnd.assign(flows, CwndLog{});
  for (uint32_t i = 0; i < flows; ++i) {
    g_cwnd[i].warmup_s = warmup_s;
    Simulator::Schedule(Seconds(i * stagger_s + 0.0001), &TraceCwnd, i, senders.Get(i)->GetId());
  }
  Simulator::Schedule(Seconds(warmup_s), &SampleAtWarmup, sinks);

  Simulator::Stop(Seconds(time_s));
  Simulator::Run();

  std::vector<double> goodput(flows);
  double total = 0;
  double square_sum = 0;
  for (uint32_t i = 0; i < flows; ++i) {
    const uint64_t rx = DynamicCast<PacketSink>(sinks.Get(i))->GetTotalRx();
    goodput[i] = (rx - g_rx_at_warmup[i]) * 8.0 / (time_s - warmup_s) / 1e6;
    total += goodput[i];
    square_sum += goodput[i] * goodput[i];
  }
  for (uint32_t i = 0; i < flows; ++i) OnCwnd(i, 0, 0);  // close the integral at the end
  const uint64_t events = Simulator::GetEventCount();
  Simulator::Destroy();

  std::printf(
      "{\"engine\":\"ns-3.44\",\"flows\":%u,\"tcps\":\"%s\",\"access_ms\":\"%s\",\"bw\":\"%s\","
      "\"delay\":\"%s\",\"queue\":%u,\"loss\":%g,\"time\":%g,\"warmup\":%g,\"stagger\":%g,"
      "\"aqm\":\"none\",\"goodput_mbps\":[",
      flows, tcps.c_str(), access_ms.c_str(), bw.c_str(), delay.c_str(), queue_packets, loss, time_s, warmup_s,
      stagger_s);
  for (uint32_t i = 0; i < flows; ++i) std::printf("%s%.4f", i ? "," : "", goodput[i]);
  std::printf("],\"mean_cwnd\":[");
  for (uint32_t i = 0; i < flows; ++i) std::printf("%s%.3f", i ? "," : "", g_cwnd[i].integral / (time_s - warmup_s));
  std::printf("],\"reductions\":[");
  for (uint32_t i = 0; i < flows; ++i) std::printf("%s%u", i ? "," : "", g_cwnd[i].reductions);
  std::printf("],\"recoveries\":[");
  for (uint32_t i = 0; i < flows; ++i) std::printf("%s%u", i ? "," : "", g_cwnd[i].recoveries);
  std::printf("],\"timeouts\":[");
  for (uint32_t i = 0; i < flows; ++i) std::printf("%s%u", i ? "," : "", g_cwnd[i].timeouts);
  std::printf(
      "],\"total_mbps\":%.4f,\"jain\":%.4f,\"events\":%llu,\"seed\":%u,"
      "\"cubic\":{\"hystart\":%s,\"friendly\":%s,\"fc\":%s,\"beta\":%g,\"c\":%g}}\n",
      total, total * total / (flows * square_sum), static_cast<unsigned long long>(events), seed,
      hystart ? "true" : "false", tcp_friendliness ? "true" : "false", fast_convergence ? "true" : "false", beta, c);
  return 0;
}
