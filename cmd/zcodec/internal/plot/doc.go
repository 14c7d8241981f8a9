// Package plot draws the advisor's candidates as an SVG scatter plot that
// a browser shows as it is: stored bytes against decode speed, every
// candidate a marker, the Pareto front drawn as a step line, the pick
// marked and labelled.
//
// The input is a plain list of Points, so the package knows nothing of the
// advisor. Choices:
//
//   - x is decode speed (MB/s) and y stored bytes: the two a reader trades.
//     Encode speed, the third dimension of the front, is in each marker's
//     tooltip (an SVG <title>, shown on hover) and in the pick's label.
//   - An axis is logarithmic when its values span a factor of 10 or more
//     (speeds from 14 to 5000 MB/s, say), linear otherwise; the axis label
//     says which. With Options.DecodedBytes set, a second axis on the right
//     reads the same heights as compression ratios.
//   - The step line joins the front's points that no other front point
//     beats on both bytes and decode speed, slowest first: from each point
//     up to the next one's size, then across to it. It bounds what can be
//     had: above and left of it, some candidate is both smaller and faster.
//     Points on the front of all three measures (encode speed too) but
//     behind that line keep the front's marker.
//   - Candidates that did not meet the bound are grey crosses; points
//     without a positive, finite size and speed cannot be placed and are
//     counted in a note under the plot instead.
//   - The pick is a ring with its label beside it; front points are
//     labelled where their labels do not overlap others (the tooltip has
//     every label). Labels longer than 60 characters are cut.
//
// Text from the points (labels come from codec JSON) is escaped for XML:
// markup characters become entities and characters XML cannot hold
// (control characters, invalid UTF-8) become U+FFFD, so any label gives a
// well-formed document.
package plot
