// A 斗地主 dealer as C++ games write it: std::mt19937 seeded with one 32-bit value (the clock's seconds, or
// std::random_device with --random-device), std::shuffle, dealt in blocks of 17 with 3 bottom cards. Prints the
// hands as card ids 0..53.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <ctime>
#include <iostream>
#include <numeric>
#include <random>
#include <vector>

int main(int argc, char** argv) {
    std::uint32_t seed = static_cast<std::uint32_t>(std::time(nullptr));
    if (argc > 1 && std::strcmp(argv[1], "--random-device") == 0) {
        seed = std::random_device{}();
    }
    std::mt19937 gen(seed);
    std::vector<int> deck(54);
    std::iota(deck.begin(), deck.end(), 0);
    std::shuffle(deck.begin(), deck.end(), gen);
    for (int seat = 0; seat < 3; ++seat) {
        std::cout << "seat " << seat + 1 << ":";
        for (int k = 0; k < 17; ++k) {
            std::cout << ' ' << deck[17 * seat + k];
        }
        std::cout << '\n';
    }
    std::cout << "bottom: " << deck[51] << ' ' << deck[52] << ' ' << deck[53] << '\n';
}
