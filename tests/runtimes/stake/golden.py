# Provably-fair rounds computed by CPython's own hmac and hashlib, the way a casino publishes its scheme: bytes =
# HMAC-SHA256(key = server seed text, message = "client_seed:nonce:round"), 32 bytes a round; a float from 4
# bytes b0/256 + b1/256^2 + b2/256^3 + b3/256^4; CARDS = 2D 2H 2S 2C 3D ... AC.
#   stake:             card = CARDS[floor(float * 52)], with replacement
#   stake-shuffle:     card = remaining[floor(float * len(remaining))], removed (starting from CARDS)
#   hmac-fisher-yates: CARDS shuffled from its last place, i = 51 .. 1 swapped with floor(float * (i + 1))
# Prints one JSON object a line per round: {"scheme", "server_seed", "server_seed_hash", "client_seed", "nonce",
# "cards"}. The Rust tests (tests/integration/fair.rs) verify every round; scripts/runtime-golden.sh reruns this
# and compares with the committed expected.txt (JSON Lines).
import hashlib
import hmac
import json

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = ["♦", "♥", "♠", "♣"]
CARDS = [s + r for r in RANKS for s in SUITS]


def floats(server_seed, client_seed, nonce):
    rnd = 0
    while True:
        digest = hmac.new(server_seed.encode(), f"{client_seed}:{nonce}:{rnd}".encode(), hashlib.sha256).digest()
        for i in range(0, 32, 4):
            b = digest[i : i + 4]
            yield b[0] / 256 + b[1] / 256**2 + b[2] / 256**3 + b[3] / 256**4
        rnd += 1


def deal(scheme, server_seed, client_seed, nonce, count):
    f = floats(server_seed, client_seed, nonce)
    if scheme == "stake":
        return [CARDS[int(next(f) * 52)] for _ in range(count)]
    if scheme == "stake-shuffle":
        remaining = list(CARDS)
        return [remaining.pop(int(next(f) * len(remaining))) for _ in range(count)]
    deck = list(CARDS)
    for i in range(51, 0, -1):
        j = int(next(f) * (i + 1))
        deck[i], deck[j] = deck[j], deck[i]
    return deck[:count]


for scheme, count in [("stake", 52), ("stake-shuffle", 52), ("hmac-fisher-yates", 52)]:
    for server_seed, client_seed in [
        ("a6d8f1c0e2b74d39a5f0c3e18b27d64f9e0a1b2c3d4e5f60718293a4b5c6d7e8", "my-client-seed"),
        ("0000000000000000000000000000000000000000000000000000000000000000", "x"),
        ("seed with spaces and 汉字", "客户端种子"),
    ]:
        for nonce in [0, 1, 2, 41, 4294967295]:
            print(
                json.dumps(
                    {
                        "scheme": scheme,
                        "server_seed": server_seed,
                        "server_seed_hash": hashlib.sha256(server_seed.encode()).hexdigest(),
                        "client_seed": client_seed,
                        "nonce": nonce,
                        "cards": deal(scheme, server_seed, client_seed, nonce, count),
                    },
                    ensure_ascii=False,
                )
            )
