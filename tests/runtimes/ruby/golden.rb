# Golden outputs of Ruby's Random for shuffle-audit's `--rng ruby`: raw 32-bit outputs (rand(2**32)), rand(bound),
# Array#shuffle(random:), the fisher-yates loop with rand(i + 1), and a sort by rand keys (distinct 53-bit keys:
# sort_by's instability cannot show). Every deck starts from 0..n-1. Run by scripts/runtime-golden.sh with ruby;
# the output is expected.txt.
SEEDS = [0, 1, 42, 20261130, 1796126400, 4294967295, 4294967296, 18446744073709551615].freeze
SIZES = [2, 10, 52, 54, 1024].freeze
BOUNDS = [1, 2, 3, 52, 64, 1000, 1 << 30, (1 << 30) + 1, 2147483647, 4294967295].freeze

SEEDS.each do |seed|
  r = Random.new(seed)
  puts "raw #{seed} #{Array.new(8) { r.rand(2**32) }.join(' ')}"
  r = Random.new(seed)
  puts "below #{seed} #{BOUNDS.map { |b| "#{b}:#{r.rand(b)}" }.join(' ')}"
  SIZES.each do |n|
    puts "library-shuffle #{seed} #{n} #{(0...n).to_a.shuffle(random: Random.new(seed)).join(' ')}"
    d = (0...n).to_a
    g = Random.new(seed)
    (n - 1).downto(1) do |i|
      j = g.rand(i + 1)
      d[i], d[j] = d[j], d[i]
    end
    puts "fisher-yates #{seed} #{n} #{d.join(' ')}"
    h = Random.new(seed)
    keys = (0...n).map { h.rand }
    puts "sort-random-key #{seed} #{n} #{(0...n).sort_by { |c| keys[c] }.join(' ')}"
  end
end
