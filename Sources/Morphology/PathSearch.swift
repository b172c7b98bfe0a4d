/// The walk of one form (or one token of running text) through an analyzer's transducers: the
/// paths alive after each character, each a state, the output it has written and its weight.
///
/// lt-proc keeps every path, duplicates included, each with its own copy of its output. Here
/// outputs share their prefixes in a trie (one node per distinct output, so equal outputs are
/// one number) and a path is kept once per (state, output): the readings, and their order of
/// first appearance, are the same (a duplicate's continuations are duplicates of the first
/// one's), and the work stays bounded by states × outputs. A duplicate with a smaller weight
/// lowers the kept path's weight, which is what lt-proc's sort by weight then keeps.
struct PathSearch {
    private let analyzer: LttoolboxAnalyzer

    // The paths alive now, and those being made by a step.
    private var states: [Int32] = []
    private var outputs: [Int32] = []
    private var weights: [Double] = []
    private var nextStates: [Int32] = []
    private var nextOutputs: [Int32] = []
    private var nextWeights: [Double] = []
    /// (state, output) → index in the `next` arrays.
    private var pathIndex = ScratchMap()

    // The output trie: node 0 is the empty output.
    private var parents: [Int32] = [-1]
    private var symbols: [Int32] = [0]
    private var depths: [UInt16] = [0]
    /// (parent, symbol) → child node.
    private var children = ScratchMap()

    /// Transitions followed since `start()`.
    private(set) var work = 0
    /// The most transitions this walk may follow (``LttoolboxAnalyzer/maxWork`` at most).
    private var workLimit = LttoolboxAnalyzer.maxWork
    /// Whether a cap was reached since `start()`: the walk is over.
    private(set) var exhausted = false

    init(_ analyzer: LttoolboxAnalyzer) {
        self.analyzer = analyzer
    }

    /// Starts over: the initial states of every section and their epsilon closure; the walk
    /// follows at most `workLimit` transitions (its start's included).
    mutating func start(workLimit: Int = LttoolboxAnalyzer.maxWork) {
        work = 0
        self.workLimit = min(workLimit, LttoolboxAnalyzer.maxWork)
        exhausted = false
        parents.removeSubrange(1...)
        symbols.removeSubrange(1...)
        depths.removeSubrange(1...)
        children.reset()
        beginStep()
        for initial in analyzer.initialStates { add(state: initial, output: 0, weight: 0) }
        close(from: 0)
        endStep()
    }

    /// Whether no path is alive.
    var isEmpty: Bool { states.isEmpty }

    /// The section kinds (`LttoolboxFile.SectionKind` bits) of the final states among the paths.
    var finalKinds: UInt8 {
        var kinds: UInt8 = 0
        for state in states { kinds |= analyzer.finalKind[Int(state)] }
        return kinds
    }

    /// Reads `character`: each path follows its transitions on it and, for an uppercase letter,
    /// on its lowercase too, then the epsilon closure. Returns whether any path is alive; false
    /// for the character 0 (lt-proc's end of input) and once a cap is reached.
    mutating func step(_ character: UInt32) -> Bool {
        guard character != 0, !exhausted, !states.isEmpty else {
            clearPaths()
            return false
        }
        let alternative = LttoolboxCharacters.lowercaseAlternative(character)
        beginStep()
        for index in states.indices {
            follow(path: index, on: Int32(bitPattern: character))
            if alternative != character { follow(path: index, on: Int32(bitPattern: alternative)) }
            if exhausted { break }
        }
        close(from: 0)
        endStep()
        if exhausted { clearPaths() }
        return !states.isEmpty
    }

    /// The paths in a final state: their output (a trie node) and weight (the path's and the
    /// final state's), in path order.
    func finalPaths() -> [(output: Int32, weight: Double)] {
        var finals: [(output: Int32, weight: Double)] = []
        let weighted = !analyzer.finalWeight.isEmpty
        for index in states.indices where analyzer.finalKind[Int(states[index])] != 0 {
            let finalWeight = weighted ? analyzer.finalWeight[Int(states[index])] : 0
            finals.append((outputs[index], weights[index] + finalWeight))
        }
        return finals
    }

    /// The distinct readings of `finals` (from ``finalPaths()`` of this walk, since its last
    /// `start()`), ordered by weight, then by path order.
    func readings(of finals: [(output: Int32, weight: Double)]) -> [AnalyzerReading] {
        var ordered = finals
        if analyzer.isWeighted {
            // Stable: by weight, ties in path order (NaN last).
            ordered = finals.enumerated().sorted { left, right in
                let a = left.element.weight.isNaN ? .infinity : left.element.weight
                let b = right.element.weight.isNaN ? .infinity : right.element.weight
                return a != b ? a < b : left.offset < right.offset
            }.map(\.element)
        }
        var seenOutputs = Set<Int32>()
        var seen = Set<AnalyzerReading>()
        var readings: [AnalyzerReading] = []
        for final in ordered where seenOutputs.insert(final.output).inserted {
            let reading = AnalyzerReading(symbols: outputSymbols(final.output), tags: analyzer.tags)
            if seen.insert(reading).inserted { readings.append(reading) }
        }
        return readings
    }

    /// The output symbols of trie node `node`, first to last.
    private func outputSymbols(_ node: Int32) -> [Int32] {
        var result: [Int32] = []
        result.reserveCapacity(Int(depths[Int(node)]))
        var current = Int(node)
        while current > 0 {
            result.append(symbols[current])
            current = Int(parents[current])
        }
        return result.reversed()
    }

    // MARK: Stepping

    private mutating func clearPaths() {
        states.removeAll(keepingCapacity: true)
        outputs.removeAll(keepingCapacity: true)
        weights.removeAll(keepingCapacity: true)
    }

    private mutating func beginStep() {
        nextStates.removeAll(keepingCapacity: true)
        nextOutputs.removeAll(keepingCapacity: true)
        nextWeights.removeAll(keepingCapacity: true)
        pathIndex.reset()
    }

    private mutating func endStep() {
        swap(&states, &nextStates)
        swap(&outputs, &nextOutputs)
        swap(&weights, &nextWeights)
    }

    /// Path `index` (of the current paths) takes its transitions on `symbol` into the next paths.
    @inline(__always)
    private mutating func follow(path index: Int, on symbol: Int32) {
        let state = Int(states[index])
        var low = Int(analyzer.transitionStart[state])
        var high = Int(analyzer.transitionStart[state + 1])
        let end = high
        while low < high {
            let middle = (low + high) / 2
            if analyzer.transitionInput[middle] < symbol { low = middle + 1 } else { high = middle }
        }
        var transition = low
        while transition < end, analyzer.transitionInput[transition] == symbol {
            take(transition, from: outputs[index], weight: weights[index])
            transition += 1
        }
    }

    /// The epsilon closure of the next paths from index `first` on: paths added by it are
    /// closed in turn (breadth first, as lt-proc does).
    private mutating func close(from first: Int) {
        var index = first
        while index < nextStates.count, !exhausted {
            let state = Int(nextStates[index])
            var transition = Int(analyzer.transitionStart[state])
            let end = Int(analyzer.transitionStart[state + 1])
            // Epsilons (input 0) come first: inputs are sorted and never negative.
            while transition < end, analyzer.transitionInput[transition] == 0 {
                take(transition, from: nextOutputs[index], weight: nextWeights[index])
                transition += 1
            }
            index += 1
        }
    }

    /// A path with output `output` and weight `weight` takes `transition` into the next paths.
    @inline(__always)
    private mutating func take(_ transition: Int, from output: Int32, weight: Double) {
        // At most `workLimit` transitions: the one past it ends the walk, uncounted.
        if work >= workLimit { exhausted = true; return }
        work += 1
        let symbol = analyzer.transitionOutput[transition]
        let extended: Int32
        if symbol == 0 {
            extended = output
        } else {
            guard let child = child(of: output, symbol) else { return }
            extended = child
        }
        let transitionWeight = analyzer.transitionWeight.isEmpty ? 0 : analyzer.transitionWeight[transition]
        add(state: analyzer.transitionTarget[transition], output: extended, weight: weight + transitionWeight)
    }

    /// Adds a next path, once per (state, output), keeping the smaller weight.
    @inline(__always)
    private mutating func add(state: Int32, output: Int32, weight: Double) {
        let key = UInt64(UInt32(bitPattern: state)) << 32 | UInt64(UInt32(bitPattern: output))
        let count = Int32(nextStates.count)
        let existing = pathIndex.insert(key, count)
        if existing != count {
            if weight < nextWeights[Int(existing)] { nextWeights[Int(existing)] = weight }
            return
        }
        nextStates.append(state)
        nextOutputs.append(output)
        nextWeights.append(weight)
        if nextStates.count > LttoolboxAnalyzer.maxPaths { exhausted = true }
    }

    /// The trie node for `parent`'s output followed by `symbol`; nil past `maxOutputSymbols`.
    @inline(__always)
    private mutating func child(of parent: Int32, _ symbol: Int32) -> Int32? {
        let depth = depths[Int(parent)]
        guard Int(depth) < LttoolboxAnalyzer.maxOutputSymbols else { return nil }
        let key = UInt64(UInt32(bitPattern: parent)) << 32 | UInt64(UInt32(bitPattern: symbol))
        let node = Int32(parents.count)
        let existing = children.insert(key, node)
        if existing == node {
            parents.append(parent)
            symbols.append(symbol)
            depths.append(depth + 1)
        }
        return existing
    }
}

/// A hash map from 64-bit keys to 32-bit values that empties in constant time (each slot keeps
/// the generation that wrote it), for the scratch of one walk.
struct ScratchMap {
    private var keys: [UInt64] = []
    private var values: [Int32] = []
    private var generations: [UInt32] = []
    private var generation: UInt32 = 1
    private var count = 0
    private var mask = -1

    /// Empties the map.
    mutating func reset() {
        count = 0
        generation &+= 1
        if generation == 0 {
            generations = [UInt32](repeating: 0, count: generations.count)
            generation = 1
        }
    }

    /// The value of `key`; `value` is stored first if `key` has none.
    @inline(__always)
    mutating func insert(_ key: UInt64, _ value: Int32) -> Int32 {
        if (count + 1) * 2 > keys.count { grow() }
        var slot = Self.hash(key) & mask
        while generations[slot] == generation {
            if keys[slot] == key { return values[slot] }
            slot = (slot + 1) & mask
        }
        generations[slot] = generation
        keys[slot] = key
        values[slot] = value
        count += 1
        return value
    }

    @inline(__always)
    private static func hash(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 29)
    }

    private mutating func grow() {
        let capacity = max(64, keys.count * 2)
        let oldKeys = keys
        let oldValues = values
        let oldGenerations = generations
        keys = [UInt64](repeating: 0, count: capacity)
        values = [Int32](repeating: 0, count: capacity)
        generations = [UInt32](repeating: 0, count: capacity)
        mask = capacity - 1
        for slot in oldKeys.indices where oldGenerations[slot] == generation {
            var target = Self.hash(oldKeys[slot]) & mask
            while generations[target] == generation { target = (target + 1) & mask }
            generations[target] = generation
            keys[target] = oldKeys[slot]
            values[target] = oldValues[slot]
        }
    }
}
