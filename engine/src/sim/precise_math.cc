#include "sim/precise_math.h"

#include <cmath>
#include <cstdint>
#include <limits>

#include "sim/random.h"

namespace plab {
namespace {

constexpr double kLn2Hi = 6.93147180369123816490e-01;  // low 32 bits zero: k * kLn2Hi is exact
constexpr double kLn2Lo = 1.90821492927058770002e-10;
constexpr double kInvLn2 = 1.44269504088896338700e+00;
// The rational approximation of fdlibm's e_exp.c (a Remez fit on [0, 0.35]).
constexpr double kP1 = 1.66666666666666019037e-01;
constexpr double kP2 = -2.77777777770155933842e-03;
constexpr double kP3 = 6.61375632143793436117e-05;
constexpr double kP4 = -1.65339022054652515390e-06;
constexpr double kP5 = 4.13813679705723846039e-08;

// log(1 + j/64), j = 0..64, as hi + lo (hi the double nearest, lo the rest), computed
// to 60 digits with Python's decimal module.
constexpr double kLogTable[65][2] = {
    {0.0, 0.0},                                      // log(1 + 0/64)
    {0.015504186535965254, -3.278321022892429e-19},  // log(1 + 1/64)
    {0.030771658666753687, 1.0431732029005968e-18},  // log(1 + 2/64)
    {0.0458095360312942, 1.902959866474257e-18},     // log(1 + 3/64)
    {0.06062462181643484, 2.6424025938726934e-18},   // log(1 + 4/64)
    {0.07522342123758753, -5.930604196293241e-18},   // log(1 + 5/64)
    {0.08961215868968714, -5.4268129336647135e-18},  // log(1 + 6/64)
    {0.10379679368164356, 5.47772415726659e-18},     // log(1 + 7/64)
    {0.11778303565638346, -1.1971685747593677e-18},  // log(1 + 8/64)
    {0.13157635778871926, 1.1123000879729588e-17},   // log(1 + 9/64)
    {0.1451820098444979, 8.242418783022475e-18},     // log(1 + 10/64)
    {0.15860503017663857, 1.1257003872182592e-17},   // log(1 + 11/64)
    {0.17185025692665923, -6.0224538210113705e-18},  // log(1 + 12/64)
    {0.184922338494012, 3.0236614153574064e-18},     // log(1 + 13/64)
    {0.19782574332991987, 1.2821194372980142e-17},   // log(1 + 14/64)
    {0.21056476910734964, -4.249405314729895e-18},   // log(1 + 15/64)
    {0.22314355131420976, -9.091270597324799e-18},   // log(1 + 16/64)
    {0.2355660713127669, -2.3943371495187355e-18},   // log(1 + 17/64)
    {0.24783616390458127, -1.2432209578702523e-17},  // log(1 + 18/64)
    {0.25995752443692605, 2.069806938978935e-17},    // log(1 + 19/64)
    {0.27193371548364176, 7.83319637697442e-19},     // log(1 + 20/64)
    {0.2837681731306446, -2.032665581126656e-17},    // log(1 + 21/64)
    {0.2954642128938359, -2.16461086040599e-17},     // log(1 + 22/64)
    {0.3070250352949119, -1.2319916200101964e-17},   // log(1 + 23/64)
    {0.3184537311185346, 2.7114779367326236e-17},    // log(1 + 24/64)
    {0.329753286372468, 2.122020616196946e-18},      // log(1 + 25/64)
    {0.3409265869705932, 1.7467136443544747e-17},    // log(1 + 26/64)
    {0.3519764231571782, -1.2953893030191963e-17},   // log(1 + 27/64)
    {0.3629054936893685, -2.1492361455310972e-17},   // log(1 + 28/64)
    {0.37371640979358406, 2.1836211281198184e-17},   // log(1 + 29/64)
    {0.38441169891033206, -1.612149700764673e-17},   // log(1 + 30/64)
    {0.394993808240869, -1.5113724418336168e-17},    // log(1 + 31/64)
    {0.4054651081081644, -2.8811380259626426e-18},   // log(1 + 32/64)
    {0.415827895143711, -2.48753990369597e-17},      // log(1 + 33/64)
    {0.4260843953109001, -2.499176776547466e-17},    // log(1 + 34/64)
    {0.43623676677491807, -1.8379648230620457e-18},  // log(1 + 35/64)
    {0.44628710262841953, -1.8182541194649598e-17},  // log(1 + 36/64)
    {0.4562374334815876, 2.122222784062318e-17},     // log(1 + 37/64)
    {0.46608972992459924, -1.4116523239904406e-17},  // log(1 + 38/64)
    {0.4758459048699639, -6.181952722542219e-18},    // log(1 + 39/64)
    {0.4855078157817008, -1.6618350693852048e-17},   // log(1 + 40/64)
    {0.4950772667978515, -8.307950959627356e-18},    // log(1 + 41/64)
    {0.5045560107523953, -2.4888518873597905e-17},   // log(1 + 42/64)
    {0.5139457511022343, 3.397548559332142e-17},     // log(1 + 43/64)
    {0.5232481437645479, -3.1833882216350925e-17},   // log(1 + 44/64)
    {0.5324647988694718, -9.149239241180804e-19},    // log(1 + 45/64)
    {0.5415972824327444, -3.748764246125639e-17},    // log(1 + 46/64)
    {0.5506471179526623, -2.239429485856908e-17},    // log(1 + 47/64)
    {0.5596157879354227, 2.685492580212308e-17},     // log(1 + 48/64)
    {0.5685047353526688, -5.4267346029482773e-17},   // log(1 + 49/64)
    {0.5773153650348236, -8.903591846974013e-18},    // log(1 + 50/64)
    {0.5860490450035782, -3.058363205263577e-17},    // log(1 + 51/64)
    {0.5947071077466928, 1.3751689964323675e-17},    // log(1 + 52/64)
    {0.6032908514380843, 9.9400563470175e-18},       // log(1 + 53/64)
    {0.6118015411059929, -3.7397759448726e-17},      // log(1 + 54/64)
    {0.6202404097518576, -3.989161064307651e-17},    // log(1 + 55/64)
    {0.6286086594223741, 4.3538742607970387e-17},    // log(1 + 56/64)
    {0.6369074622370692, 5.422955873465247e-17},     // log(1 + 57/64)
    {0.6451379613735847, 9.346960920120906e-19},     // log(1 + 58/64)
    {0.6533012720127457, -4.306892322029408e-17},    // log(1 + 59/64)
    {0.661398482245365, -7.603333785634003e-18},     // log(1 + 60/64)
    {0.6694306539426292, 2.823733943928343e-17},     // log(1 + 61/64)
    {0.6773988235918061, -2.0978183882652005e-18},   // log(1 + 62/64)
    {0.6853040030989194, 4.893484946270261e-17},     // log(1 + 63/64)
    {0.6931471805599453, 2.3190468138462996e-17},    // log(1 + 64/64)
};

// a + b = s + e exactly.
void TwoSum(double a, double b, double* s, double* e) {
  *s = a + b;
  const double bb = *s - a;
  *e = (a - (*s - bb)) + (b - bb);
}

// a * b = p + e exactly (Dekker's split; |a|, |b| < 2^995).
void TwoProduct(double a, double b, double* p, double* e) {
  constexpr double kSplit = 134217729.0;  // 2^27 + 1
  *p = a * b;
  const double ca = kSplit * a, cb = kSplit * b;
  const double ah = ca - (ca - a), al = a - ah;
  const double bh = cb - (cb - b), bl = b - bh;
  *e = ((ah * bh - *p) + ah * bl + al * bh) + al * bl;
}

// e^(hi - lo) * 2^k for |hi - lo| <= ln2 / 2 (fdlibm's kernel).
double ExpKernel(double hi, double lo, int k) {
  const double x = hi - lo;
  const double t = x * x;
  const double c = x - t * (kP1 + t * (kP2 + t * (kP3 + t * (kP4 + t * kP5))));
  const double y = 1.0 - ((lo - (x * c) / (2.0 - c)) - hi);
  return std::ldexp(y, k);  // exact scaling (one rounding if the result is subnormal)
}

// log(x) = *hi + *lo for a finite x > 0, to about 2^-68 relative.
void LogDoubleDouble(double x, double* hi, double* lo) {
  int e = 0;
  double m = std::frexp(x, &e);  // x = m * 2^e, m in [0.5, 1): exact
  m *= 2.0;
  --e;  // m in [1, 2)
  const int j = static_cast<int>((m - 1.0) * 64.0 + 0.5);
  const double c = 1.0 + j / 64.0;
  // log(m) = log(c) + log(m / c) = log(c) + 2 atanh(s), s = (m - c) / (m + c), |s| <= 1/257.
  const double num = m - c;  // exact (Sterbenz)
  double den_hi, den_lo;
  TwoSum(m, c, &den_hi, &den_lo);
  const double s_hi = num / den_hi;
  double p, pe;
  TwoProduct(s_hi, den_hi, &p, &pe);
  const double s_lo = (((num - p) - pe) - s_hi * den_lo) / den_hi;
  const double s2 = s_hi * s_hi;
  // 2 atanh(s) - 2s = 2s^3/3 + 2s^5/5 + ... (s^2 <= 1.6e-5: four terms reach 2^-80).
  const double tail = s_hi * s2 * (2.0 / 3 + s2 * (2.0 / 5 + s2 * (2.0 / 7 + s2 * (2.0 / 9))));
  const double dk = static_cast<double>(e);
  double a, a_err;
  TwoSum(dk * kLn2Hi, kLogTable[j][0], &a, &a_err);
  double b, b_err;
  TwoSum(a, 2.0 * s_hi, &b, &b_err);
  const double rest = a_err + b_err + kLogTable[j][1] + 2.0 * s_lo + tail + dk * kLn2Lo;
  *hi = b + rest;
  *lo = rest - (*hi - b);
}

bool IsOddInteger(double y) {
  return std::fabs(y) < 9007199254740992.0 && std::floor(y) == y && std::fmod(y, 2.0) != 0;
}

}  // namespace

double PreciseExp(double x) {
  if (std::isnan(x)) return x + x;
  if (x > 709.782712893383973096) return std::numeric_limits<double>::infinity();
  if (x < -745.13321910194110842) return 0.0;
  if (std::fabs(x) < 3.7252902984e-09) return 1.0 + x;  // |x| < 2^-28
  if (std::fabs(x) <= 0.5 * kLn2Hi) return ExpKernel(x, 0.0, 0);
  const int k = static_cast<int>(kInvLn2 * x + (x < 0 ? -0.5 : 0.5));
  const double dk = static_cast<double>(k);
  return ExpKernel(x - dk * kLn2Hi, dk * kLn2Lo, k);
}

double PrecisePow(double x, double y) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  if (y == 0) return 1.0;
  if (std::isnan(x) || std::isnan(y)) return x + y;
  if (x == 1.0) return 1.0;
  bool negative = false;
  if (x < 0) {
    if (std::floor(y) != y) return std::numeric_limits<double>::quiet_NaN();
    negative = IsOddInteger(y);
    x = -x;
  }
  const double sign = negative ? -1.0 : 1.0;
  if (x == 0) return y > 0 ? sign * 0.0 : sign * kInf;
  if (std::isinf(x)) return y > 0 ? sign * kInf : sign * 0.0;
  if (std::isinf(y)) return (x > 1) == (y > 0) ? kInf : 0.0;
  double l_hi, l_lo;
  LogDoubleDouble(x, &l_hi, &l_lo);
  const double z = y * l_hi;
  if (z > 710.0) return sign * kInf;
  if (z < -746.0) return sign * 0.0;
  double z_hi, z_err;
  TwoProduct(y, l_hi, &z_hi, &z_err);
  const double z_lo = z_err + y * l_lo;
  const int k = static_cast<int>(kInvLn2 * z_hi + (z_hi < 0 ? -0.5 : 0.5));
  const double dk = static_cast<double>(k);
  // e^z = e^(r_hi - r_lo) * 2^k with r_hi - r_lo = z - k ln2.
  const double r_hi = z_hi - dk * kLn2Hi;
  const double r_lo = dk * kLn2Lo - z_lo;
  return sign * ExpKernel(r_hi, r_lo, k);
}

double PreciseCbrt(double x) {
  if (x == 0 || !std::isfinite(x)) return x + x;
  const double a = std::fabs(x);
  int e = 0;
  double m = std::frexp(a, &e);  // a = m * 2^e, m in [0.5, 1)
  int r = e % 3;
  if (r < 0) r += 3;
  m = std::ldexp(m, r);  // m in [0.5, 4), e - r divisible by 3
  e -= r;
  double t = 0.6 + 0.4 * m;  // within 30 % of cbrt(m) on [0.5, 4)
  for (int i = 0; i < 6; ++i) t = t - (t * t * t - m) / (3.0 * t * t);
  // One more step with the residual t^3 - m in double-double.
  double p1, e1, p2, e2;
  TwoProduct(t, t, &p1, &e1);
  TwoProduct(p1, t, &p2, &e2);
  const double residual = ((p2 - m) + e2) + e1 * t;
  t = t - residual / (3.0 * t * t);
  const double root = std::ldexp(t, e / 3);
  return x < 0 ? -root : root;
}

}  // namespace plab
