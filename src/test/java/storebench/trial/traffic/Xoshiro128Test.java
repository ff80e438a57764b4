package storebench.trial.traffic;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class Xoshiro128Test {
    @Test
    void xoshiroFromStateOneTwoThreeFourGivesTheReferenceImplementationsFirstOutputs() {
        // worked by hand from the algorithm: rotl(2 * 5, 7) * 9 = 11520, then s1 == 0 gives 0, then 5927040
        Xoshiro128 x = new Xoshiro128(1, 2, 3, 4);
        assertThat(new long[] {Integer.toUnsignedLong(x.nextInt()), Integer.toUnsignedLong(x.nextInt()),
                Integer.toUnsignedLong(x.nextInt())}).containsExactly(11520, 0, 5927040);
    }

    @Test
    void splitmix64OfSeedZeroGivesItsKnownFirstOutput() {
        assertThat(Xoshiro128.splitmix64(0x9E3779B97F4A7C15L)).isEqualTo(0xE220A8397B1DCDAFL);
    }

    @Test
    void theSameSeedAndStreamGiveTheSameSequenceAndAnotherStreamAnother() {
        Xoshiro128 a = new Xoshiro128(7, 0);
        Xoshiro128 b = new Xoshiro128(7, 0);
        Xoshiro128 c = new Xoshiro128(7, 1);
        int same = 0;
        int differ = 0;
        for (int k = 0; k < 100; k++) {
            int x = a.nextInt();
            same += x == b.nextInt() ? 1 : 0;
            differ += x != c.nextInt() ? 1 : 0;
        }
        assertThat(same).isEqualTo(100);
        assertThat(differ).isGreaterThan(95);
    }

    @Test
    void doublesLieInZeroToOneAndAverageAHalf() {
        Xoshiro128 x = new Xoshiro128(1, 0);
        double sum = 0;
        int n = 100_000;
        for (int k = 0; k < n; k++) {
            double d = x.nextDouble();
            assertThat(d).isGreaterThanOrEqualTo(0).isLessThan(1);
            sum += d;
        }
        // the mean of n uniforms has a standard deviation of 1 / sqrt(12 n), about 0.0009 here: 6 of them
        assertThat(sum / n).isCloseTo(0.5, org.assertj.core.data.Offset.offset(0.0055));
    }
}
