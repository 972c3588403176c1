// Golden outputs of std::mt19937 for shuffle-audit's `--rng mt19937`, as libstdc++ draws: raw gen() outputs,
// uniform_int_distribution<int>, std::shuffle, the fisher-yates loop with uniform_int_distribution<int>(0, i),
// and a stable sort by gen() keys. Every deck starts from 0..n-1. Run by scripts/runtime-golden.sh (g++
// -std=c++17); the output is expected.txt.
#include <algorithm>
#include <cstdint>
#include <iostream>
#include <numeric>
#include <random>
#include <utility>
#include <vector>

static void print(const char* what, std::uint32_t seed, int n, const std::vector<int>& d) {
    std::cout << what << ' ' << seed << ' ' << n;
    for (int x : d) std::cout << ' ' << x;
    std::cout << '\n';
}

int main() {
    const std::uint32_t seeds[] = {0u, 1u, 42u, 20261130u, 4294967295u};
    const int sizes[] = {2, 10, 52, 54, 1024};
    for (std::uint32_t seed : seeds) {
        std::mt19937 r(seed);
        std::cout << "raw " << seed;
        for (int k = 0; k < 8; k++) std::cout << ' ' << r();
        std::cout << '\n';
        std::mt19937 b(seed);
        std::cout << "below " << seed;
        for (int bound : {1, 2, 3, 52, 64, 1000, 1 << 30, (1 << 30) + 1, 2147483647}) {
            std::cout << ' ' << bound << ':' << std::uniform_int_distribution<int>(0, bound - 1)(b);
        }
        std::cout << '\n';
        for (int n : sizes) {
            std::vector<int> d(n);
            std::iota(d.begin(), d.end(), 0);
            std::mt19937 g(seed);
            std::shuffle(d.begin(), d.end(), g);
            print("library-shuffle", seed, n, d);
            std::iota(d.begin(), d.end(), 0);
            std::mt19937 f(seed);
            for (int i = n - 1; i >= 1; i--) {
                int j = std::uniform_int_distribution<int>(0, i)(f);
                std::swap(d[i], d[j]);
            }
            print("fisher-yates", seed, n, d);
            std::mt19937 h(seed);
            std::vector<std::pair<std::uint32_t, int>> keyed;
            for (int i = 0; i < n; i++) keyed.emplace_back(static_cast<std::uint32_t>(h()), i);
            std::stable_sort(keyed.begin(), keyed.end(),
                             [](const auto& a, const auto& b) { return a.first < b.first; });
            for (int i = 0; i < n; i++) d[i] = keyed[i].second;
            print("sort-random-key", seed, n, d);
        }
    }
}
