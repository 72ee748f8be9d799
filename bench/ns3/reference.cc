// One bulk TCP flow across a single bottleneck in ns-3.44: our own equivalent of the
// program behind the external reference set "ns3-bulk-set-a" (same scenario as
// engine/scenarios/reference-ns3.json), written after ns-3's examples
// (examples/tcp/tcp-bulk-send.cc, tcp-variants-comparison.cc). The bench compiles it
// against the headers and libraries inside the `ns3` wheel (bench/ns3/ns3.mjs).
//
//   sender --(100 Mb/s, 1 ms)-- router --(bw, delay; drop-tail 100 packets)-- receiver
//
// TCP: MSS 1000 bytes, SACK and timestamps on, an ACK for every segment, 16 MiB send and
// receive buffers, ns-3's defaults otherwise (initial window 10, minimum RTO 1 s, PRR
// recovery). The buffers are not ns-3's default of 128 KiB: with 16 MiB this program gives
// every line of ns3-bulk-set-a (engine/tests/data/) exactly, goodput and event count;
// with 128 KiB the window stops below the queue's capacity and, at loss 0, goodput is
// 9.4608 Mb/s instead of the set's 9.4591.
// Application: BulkSend from t = 0; goodput_mbps is the bytes the receiving PacketSink
// got, divided by `time`.
// Loss: Bernoulli per packet on the receiver's bottleneck device (data only; ACKs never
// dropped). ns-3's default root queue disc (FqCoDel) stays above the router's device
// queue, as in the reference set.
//
// Prints one JSON line: the reference set's fields plus received_bytes, and run_wall_ms
// and run_cpu_ms, the wall and CPU time of Simulator::Run() alone (topology set-up and
// JSON printing left out).
#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <string>

using namespace ns3;

int main(int argc, char* argv[]) {
  std::string bw = "10Mbps";
  std::string delay = "24ms";
  double loss = 0.0;
  double time_s = 60.0;
  std::string tcp = "ns3::TcpNewReno";
  uint32_t seed = 1;
  uint32_t queue_packets = 100;
  std::string access_bw = "100Mbps";
  std::string access_delay = "1ms";
  uint32_t access_queue_packets = 100;
  uint32_t mss = 1000;
  uint32_t initial_window = 10;
  double min_rto_ms = 1000.0;
  bool timestamps = true;
  uint32_t buffer_bytes = 16 * 1024 * 1024;

  CommandLine cmd(__FILE__);
  cmd.AddValue("bw", "bottleneck rate (ns-3 DataRate, e.g. 10Mbps)", bw);
  cmd.AddValue("delay", "bottleneck one-way delay (ns-3 Time, e.g. 24ms)", delay);
  cmd.AddValue("loss", "probability of losing each data packet", loss);
  cmd.AddValue("time", "simulated seconds", time_s);
  cmd.AddValue("tcp", "congestion control TypeId (ns3::TcpNewReno, ns3::TcpCubic)", tcp);
  cmd.AddValue("seed", "run number of the random streams (RngSeedManager::SetRun)", seed);
  cmd.AddValue("queue", "bottleneck device queue, packets", queue_packets);
  cmd.AddValue("access_bw", "sender-router rate", access_bw);
  cmd.AddValue("access_delay", "sender-router one-way delay", access_delay);
  cmd.AddValue("access_queue", "sender-router device queues, packets", access_queue_packets);
  cmd.AddValue("mss", "TCP segment size, bytes of payload", mss);
  cmd.AddValue("iw", "initial congestion window, segments", initial_window);
  cmd.AddValue("min_rto_ms", "minimum retransmission timeout, ms", min_rto_ms);
  cmd.AddValue("timestamps", "TCP timestamps option", timestamps);
  cmd.AddValue("buffer", "TCP send and receive buffers, bytes", buffer_bytes);
  cmd.Parse(argc, argv);

  RngSeedManager::SetSeed(1);
  RngSeedManager::SetRun(seed);

  Config::SetDefault("ns3::TcpL4Protocol::SocketType", TypeIdValue(TypeId::LookupByName(tcp)));
  Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(mss));
  Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(1));
  Config::SetDefault("ns3::TcpSocket::InitialCwnd", UintegerValue(initial_window));
  Config::SetDefault("ns3::TcpSocketBase::Sack", BooleanValue(true));
  Config::SetDefault("ns3::TcpSocketBase::Timestamp", BooleanValue(timestamps));
  Config::SetDefault("ns3::TcpSocketBase::MinRto", TimeValue(MilliSeconds(min_rto_ms)));
  Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(buffer_bytes));
  Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(buffer_bytes));

  NodeContainer nodes;
  nodes.Create(3);  // 0 sender, 1 router, 2 receiver

  PointToPointHelper access;
  access.SetDeviceAttribute("DataRate", StringValue(access_bw));
  access.SetChannelAttribute("Delay", StringValue(access_delay));
  access.SetQueue("ns3::DropTailQueue", "MaxSize",
                  QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, access_queue_packets)));
  PointToPointHelper bottleneck;
  bottleneck.SetDeviceAttribute("DataRate", StringValue(bw));
  bottleneck.SetChannelAttribute("Delay", StringValue(delay));
  bottleneck.SetQueue("ns3::DropTailQueue", "MaxSize",
                      QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, queue_packets)));

  NetDeviceContainer access_devices = access.Install(nodes.Get(0), nodes.Get(1));
  NetDeviceContainer bottleneck_devices = bottleneck.Install(nodes.Get(1), nodes.Get(2));

  // Data packets only: the receiver's device sees data, never ACKs.
  Ptr<RateErrorModel> error_model = CreateObject<RateErrorModel>();
  error_model->SetUnit(RateErrorModel::ERROR_UNIT_PACKET);
  error_model->SetRate(loss);
  bottleneck_devices.Get(1)->SetAttribute("ReceiveErrorModel", PointerValue(error_model));

  InternetStackHelper stack;
  stack.Install(nodes);
  Ipv4AddressHelper address;
  address.SetBase("10.1.1.0", "255.255.255.0");
  address.Assign(access_devices);
  address.SetBase("10.1.2.0", "255.255.255.0");
  Ipv4InterfaceContainer receiver_interfaces = address.Assign(bottleneck_devices);
  Ipv4GlobalRoutingHelper::PopulateRoutingTables();

  const uint16_t port = 50000;
  BulkSendHelper source("ns3::TcpSocketFactory", InetSocketAddress(receiver_interfaces.GetAddress(1), port));
  source.SetAttribute("MaxBytes", UintegerValue(0));
  ApplicationContainer source_apps = source.Install(nodes.Get(0));
  source_apps.Start(Seconds(0));
  source_apps.Stop(Seconds(time_s));

  PacketSinkHelper sink("ns3::TcpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), port));
  ApplicationContainer sink_apps = sink.Install(nodes.Get(2));
  sink_apps.Start(Seconds(0));
  sink_apps.Stop(Seconds(time_s));

  Simulator::Stop(Seconds(time_s));
  // Wall time and this process's CPU time: on a shared machine the CPU time says how
  // much of the wall time was spent waiting for a core.
  const auto start = std::chrono::steady_clock::now();
  const std::clock_t cpu_start = std::clock();
  Simulator::Run();
  const std::clock_t cpu_stop = std::clock();
  const auto stop = std::chrono::steady_clock::now();
  const double run_wall_ms = std::chrono::duration<double, std::milli>(stop - start).count();
  const double run_cpu_ms = 1000.0 * static_cast<double>(cpu_stop - cpu_start) / CLOCKS_PER_SEC;

  const uint64_t received_bytes = DynamicCast<PacketSink>(sink_apps.Get(0))->GetTotalRx();
  const uint64_t events = Simulator::GetEventCount();
  Simulator::Destroy();

  std::printf(
      "{\"engine\": \"ns-3.44\", \"tcp\": \"%s\", \"loss\": %g, \"bw\": \"%s\", "
      "\"delay\": \"%s\", \"time\": %g, \"goodput_mbps\": %.4f, \"events\": %llu, "
      "\"seed\": %u, \"received_bytes\": %llu, \"run_wall_ms\": %.1f, \"run_cpu_ms\": %.1f}\n",
      tcp.c_str(), loss, bw.c_str(), delay.c_str(), time_s, received_bytes * 8.0 / time_s / 1e6,
      static_cast<unsigned long long>(events), seed, static_cast<unsigned long long>(received_bytes), run_wall_ms,
      run_cpu_ms);
  return 0;
}
