import Testing

@testable import FlowLint

/// The realloc-grown array the analysis keeps its per-node records in (PODArray.swift).
@Suite struct PODArrayTests {
    struct Record: Equatable { var a: Int32, b: Int32, c: Int32 }

    @Test func appendsKeepEveryValueAcrossGrowth() {
        var array = PODArray<Record>()
        #expect(array.isEmpty)
        for i in 0..<100_000 { array.append(Record(a: Int32(i), b: Int32(-i), c: 7)) }
        #expect(array.count == 100_000)
        #expect(array.indices == 0..<100_000)
        #expect((0..<100_000).allSatisfy { array[$0] == Record(a: Int32($0), b: Int32(-$0), c: 7) })
        #expect(array.last == Record(a: 99_999, b: -99_999, c: 7))
        // The buffer pointer sees the same elements, and none past the count.
        array.withUnsafeBufferPointer { buffer in
            #expect(buffer.count == 100_000)
            #expect(buffer.elementsEqual(array))
        }
        PODArray<Record>().withUnsafeBufferPointer { #expect($0.isEmpty) }
    }

    @Test func copiesAreIndependentOnceEitherChanges() {
        var original = PODArray<Int32>()
        for i in 0..<20 { original.append(Int32(i)) }
        var copy = original
        copy.append(100)
        original.append(-1)
        #expect(Array(original) == Array(0..<20).map(Int32.init) + [-1])
        #expect(Array(copy) == Array(0..<20).map(Int32.init) + [100])
        // A copy of a shrunk array, changed, leaves the original alone too.
        original.shrinkToFit()
        var second = original
        second.append(5)
        #expect(original.count == 21 && second.count == 22 && second[21] == 5 && original[20] == -1)
    }

    @Test func reservingAndShrinkingKeepTheContents() {
        var array = PODArray<Int32>()
        array.reserveCapacity(1_000)
        for i in 0..<10 { array.append(Int32(i * i)) }
        array.shrinkToFit()
        #expect(Array(array) == (0..<10).map { Int32($0 * $0) })
        array.append(1)  // grows again after shrinking
        #expect(array.count == 11 && array[10] == 1)
        var shared = array
        shared.reserveCapacity(5_000)  // a shared block is copied, not grown in place
        #expect(Array(shared) == Array(array))
    }
}
