// What the ns-3 comparison programs (grid.cc, dumbbell.cc, modern.cc) share: the bulk TCP
// they all set up, as engine/tests/ns3_flow.h's Ns3BulkFlow does on our side, and their
// comma-separated list argument. Included from the programs' own folder.
#pragma once

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "ns3/core-module.h"
#include "ns3/internet-module.h"

// MSS `mss` bytes, an ACK for every segment, an initial window of 10, SACK as `sack`
// says, timestamps, a 1 s minimum RTO and 16 MiB socket buffers (ns-3's defaults
// otherwise: PRR recovery, no limited transmit with SACK).
inline void SetBulkTcpDefaults(uint32_t mss, bool sack) {
  using namespace ns3;
  const uint32_t buffer_bytes = 16 * 1024 * 1024;
  Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(mss));
  Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(1));
  Config::SetDefault("ns3::TcpSocket::InitialCwnd", UintegerValue(10));
  Config::SetDefault("ns3::TcpSocketBase::Sack", BooleanValue(sack));
  Config::SetDefault("ns3::TcpSocketBase::Timestamp", BooleanValue(true));
  Config::SetDefault("ns3::TcpSocketBase::MinRto", TimeValue(MilliSeconds(1000)));
  Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(buffer_bytes));
  Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(buffer_bytes));
}

inline std::vector<std::string> SplitList(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream in(text);
  std::string part;
  while (std::getline(in, part, ',')) out.push_back(part);
  return out;
}
