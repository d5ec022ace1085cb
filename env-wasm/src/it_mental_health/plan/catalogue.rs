//! Levels 4 and 5 of `intervention_plan`: the plan is a joint decision.
//! The case adds a priced catalogue of interventions, each tackling one
//! profile item (or general support), owned by one person of the roster
//! who gives it some hours a week; some need another intervention in the
//! plan, some pairs cannot run together; the owners have limited hours a
//! week and the four weeks a budget cap. A plan's value is the sum of the
//! severity weights of the distinct stressors it tackles (3 severe, 2
//! other, 0 an item within its threshold or general support); the best
//! plan has the highest value among the plans that keep every
//! constraint, the cheaper of equal values.
//!
//! The generator solves every case by exhaustive search (at most
//! [`MOST_ITEMS`] interventions, 2^12 plans, tens of microseconds) and draws
//! again until exactly one plan is best and the constraints bind (no plan
//! tackles every stressor); at level 5 a greedy pick by value per dollar
//! also misses the best plan. The grader reads the solution from the case,
//! it never searches.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Serialize;

use super::parts::{GENERAL_ACTIONS, Metric, Owner, Reading, dollars};
use crate::rng::SeededRng;

/// The most interventions a catalogue lists: the exhaustive search is
/// 2^MOST_ITEMS plans.
pub const MOST_ITEMS: usize = 12;

/// Severity weights of a stressor in a plan's value.
pub const SEVERE_WEIGHT: u32 = 3;
/// The weight of a stressor that is not severe.
pub(crate) const STRESSOR_WEIGHT: u32 = 2;

/// Owners who give hours to the plan (the external EAP provider owns no
/// catalogue intervention).
pub const OWNERS: [Owner; 4] = [Owner::Manager, Owner::Hr, Owner::Lead, Owner::Head];

/// Draws before the generator gives up on a unique best plan and keeps
/// the last draw; tests assert it never comes to that on the seeds they
/// sweep.
const ATTEMPTS: usize = 200;

/// One intervention of the catalogue.
#[derive(Debug, Clone)]
pub struct Intervention {
    /// `P1`, `P2`, ... in the order the catalogue lists them.
    pub id: String,
    /// The profile item it tackles; `None` for general support.
    pub metric: Option<&'static Metric>,
    /// What the intervention does, as the catalogue lists it.
    pub action: &'static str,
    /// Its cost for the four weeks, in US dollars.
    pub cost: u32,
    /// Who runs it.
    pub owner: Owner,
    /// Hours a week its owner gives it.
    pub hours: u32,
}

/// A catalogue with its constraints and its solution.
#[derive(Debug, Clone)]
pub struct Catalogue {
    /// The interventions to choose from, in the order the catalogue lists them.
    pub items: Vec<Intervention>,
    /// (intervention, the one it needs in the plan), by index.
    pub needs: Vec<(usize, usize)>,
    /// Pairs that cannot run together, by index.
    pub excludes: Vec<(usize, usize)>,
    /// Hours a week each owner can give the plan.
    pub capacity: Vec<(Owner, u32)>,
    /// The most the chosen interventions may cost together, in US dollars.
    pub budget_cap: u32,
    /// Stressor id -> its weight in a plan's value.
    pub weights: BTreeMap<&'static str, u32>,
    /// The one best plan, as a bit set over `items`.
    pub best: u32,
}

/// Why a plan breaks the rules, for the feedback.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Breach {
    /// The plan costs more than the budget cap.
    OverBudget {
        /// What the plan costs, in US dollars.
        cost: u32,
        /// The catalogue's budget cap, in US dollars.
        cap: u32,
    },
    /// The plan asks more hours a week of an owner than they can give.
    OverCapacity {
        /// The owner asked too much of.
        owner: Owner,
        /// Hours a week the plan asks of them.
        hours: u32,
        /// Hours a week they can give.
        cap: u32,
    },
    /// An intervention is in the plan without the one it needs.
    MissingPrerequisite {
        /// The intervention's index in the catalogue.
        item: usize,
        /// The index of the intervention it needs.
        needs: usize,
    },
    /// Two interventions that cannot run together are both in the plan (indices).
    Excluded(usize, usize),
}

impl Catalogue {
    /// The weight of stressor `metric` in a plan's value (0 when it is no stressor).
    pub(crate) fn weight_of(&self, metric: &str) -> u32 {
        self.weights.get(metric).copied().unwrap_or(0)
    }

    /// What `plan` costs, in US dollars.
    pub fn cost(&self, plan: u32) -> u32 {
        self.members(plan).map(|k| self.items[k].cost).sum()
    }

    /// The indices of the interventions in `plan`.
    pub fn members(&self, plan: u32) -> impl Iterator<Item = usize> + '_ {
        (0..self.items.len()).filter(move |k| plan & (1 << k) != 0)
    }

    /// The sum of the weights of the distinct stressors `plan` tackles.
    pub fn value(&self, plan: u32) -> u32 {
        let mut tackled: Vec<&str> = self
            .members(plan)
            .filter_map(|k| self.items[k].metric.map(|m| m.id))
            .collect();
        crate::order::sort(&mut tackled);
        tackled.dedup();
        tackled.iter().map(|id| self.weight_of(id)).sum()
    }

    /// Every rule `plan` breaks.
    pub fn breaches(&self, plan: u32) -> Vec<Breach> {
        let mut out = Vec::new();
        let cost = self.cost(plan);
        if cost > self.budget_cap {
            out.push(Breach::OverBudget {
                cost,
                cap: self.budget_cap,
            });
        }
        for (owner, cap) in &self.capacity {
            let hours: u32 = self
                .members(plan)
                .filter(|k| self.items[*k].owner == *owner)
                .map(|k| self.items[k].hours)
                .sum();
            if hours > *cap {
                out.push(Breach::OverCapacity {
                    owner: *owner,
                    hours,
                    cap: *cap,
                });
            }
        }
        for (item, needs) in &self.needs {
            if plan & (1 << item) != 0 && plan & (1 << needs) == 0 {
                out.push(Breach::MissingPrerequisite {
                    item: *item,
                    needs: *needs,
                });
            }
        }
        for (a, b) in &self.excludes {
            if plan & (1 << a) != 0 && plan & (1 << b) != 0 {
                out.push(Breach::Excluded(*a, *b));
            }
        }
        out
    }

    /// Whether `plan` keeps every rule: budget, capacity, prerequisites and exclusions.
    pub fn feasible(&self, plan: u32) -> bool {
        self.breaches(plan).is_empty()
    }

    /// The ids of `plan`, in catalogue order.
    pub fn ids(&self, plan: u32) -> Vec<&str> {
        self.members(plan)
            .map(|k| self.items[k].id.as_str())
            .collect()
    }

    /// Every plan that keeps the rules with its (value, cost), by
    /// exhaustive search: for the generator and the tests, never the grader.
    pub fn feasible_plans(&self) -> Vec<(u32, u32, u32)> {
        (0..1u32 << self.items.len())
            .filter(|plan| self.feasible(*plan))
            .map(|plan| (plan, self.value(plan), self.cost(plan)))
            .collect()
    }

    /// The best plan if exactly one is best: the highest value, then the
    /// lowest cost.
    pub fn unique_best(&self) -> Option<u32> {
        let plans = self.feasible_plans();
        let top = plans
            .iter()
            .map(|(_, value, cost)| (*value, std::cmp::Reverse(*cost)))
            .max()?;
        let mut best = plans
            .iter()
            .filter(|(_, value, cost)| (*value, std::cmp::Reverse(*cost)) == top);
        let first = best.next()?;
        best.next().is_none().then_some(first.0)
    }

    /// The best plan by (value, then lower cost, then the lowest ids),
    /// whether or not it is the only one: for a reader whose weights are
    /// not the case's (the noisy reference).
    pub fn any_best(&self) -> u32 {
        self.feasible_plans()
            .into_iter()
            .max_by_key(|(plan, value, cost)| {
                (*value, std::cmp::Reverse(*cost), std::cmp::Reverse(*plan))
            })
            .map_or(0, |(plan, _, _)| plan)
    }

    /// A greedy pick: interventions by value added per dollar, each taken
    /// when the plan stays within the rules (a prerequisite taken with it).
    pub fn greedy(&self) -> u32 {
        let mut order: Vec<usize> = (0..self.items.len()).collect();
        // value / cost, descending, compared in integers.
        crate::order::sort_by(&mut order, |a, b| {
            let va = self.items[*a].metric.map_or(0, |m| self.weight_of(m.id));
            let vb = self.items[*b].metric.map_or(0, |m| self.weight_of(m.id));
            (vb * self.items[*a].cost)
                .cmp(&(va * self.items[*b].cost))
                .then(a.cmp(b))
                .is_lt()
        });
        let mut plan = 0u32;
        for k in order {
            let mut with = plan | (1 << k);
            for (item, needs) in &self.needs {
                if *item == k {
                    with |= 1 << needs;
                }
            }
            if self.value(with) > self.value(plan) && self.feasible(with) {
                plan = with;
            }
        }
        plan
    }
}

/// What a level draws.
#[derive(Clone, Copy)]
struct Shape {
    /// Chance in three that a stressor has a second intervention.
    second_option: u32,
    /// Interventions on items within their thresholds.
    distractors: usize,
    needs: usize,
    excludes: usize,
    /// Whether the greedy pick must miss the best plan.
    beat_greedy: bool,
}

fn shape(level: u8) -> Shape {
    if level >= 5 {
        Shape {
            second_option: 2,
            distractors: 2,
            needs: 2,
            excludes: 2,
            beat_greedy: true,
        }
    } else {
        Shape {
            second_option: 1,
            distractors: 1,
            needs: 1,
            excludes: 1,
            beat_greedy: false,
        }
    }
}

/// The catalogue for a case with these readings, drawn from `rng` until
/// one plan is best.
pub fn generate(level: u8, readings: &[Reading], rng: &mut SeededRng) -> Catalogue {
    let mut last = draw(level, readings, rng);
    for _ in 0..ATTEMPTS {
        if let Some(best) = accepted(level, &last) {
            last.best = best;
            return last;
        }
        last = draw(level, readings, rng);
    }
    last.best = last.unique_best().unwrap_or(0);
    last
}

/// The best plan if `catalogue` is a case worth asking: one best plan, of
/// some value, that cannot tackle every stressor (the constraints bind),
/// and at level 5 one that a greedy pick misses.
fn accepted(level: u8, catalogue: &Catalogue) -> Option<u32> {
    let best = catalogue.unique_best()?;
    let all: u32 = catalogue.weights.values().sum();
    let value = catalogue.value(best);
    let binds = value > 0 && value < all;
    let hard = !shape(level).beat_greedy || catalogue.greedy() != best;
    (binds && hard).then_some(best)
}

fn remit_owners(metric: &Metric) -> Vec<Owner> {
    OWNERS
        .into_iter()
        .filter(|o| o.remit().contains(&metric.id))
        .collect()
}

fn draw(level: u8, readings: &[Reading], rng: &mut SeededRng) -> Catalogue {
    let shape = shape(level);
    let weights: BTreeMap<&'static str, u32> =
        crate::order::map_of(readings.iter().filter(|r| r.stressor).map(|r| {
            let weight = if r.metric.severe_at(r.value) {
                SEVERE_WEIGHT
            } else {
                STRESSOR_WEIGHT
            };
            (r.metric.id, weight)
        }));
    // One option for each stressor (a second at random), interventions on
    // items within their thresholds, and one general support.
    let stressed: Vec<&'static Metric> = readings
        .iter()
        .filter(|r| r.stressor)
        .map(|r| r.metric)
        .collect();
    let within: Vec<&'static Metric> = readings
        .iter()
        .filter(|r| !r.stressor)
        .map(|r| r.metric)
        .collect();
    let distractors = shape.distractors.min(within.len());
    let mut drawn: Vec<(Option<&'static Metric>, &'static str)> = stressed
        .iter()
        .take(MOST_ITEMS - 1 - distractors)
        .map(|m| (Some(*m), m.action))
        .collect();
    for metric in &stressed {
        if drawn.len() + distractors + 1 < MOST_ITEMS && rng.chance(shape.second_option, 3) {
            drawn.push((Some(*metric), metric.follow_ups[0].0));
        }
    }
    for metric in rng.sample(&within, distractors) {
        drawn.push((Some(metric), metric.action));
    }
    let general: Vec<&(Owner, &str, &str)> = GENERAL_ACTIONS
        .iter()
        .filter(|(o, _, _)| *o != Owner::Eap)
        .collect();
    let (general_owner, general_action, _) = **rng.pick(&general);
    drawn.push((None, general_action));
    let mut items: Vec<Intervention> = drawn
        .into_iter()
        .map(|(metric, action)| {
            // Owned by someone whose remit covers what it tackles.
            let owner = match metric {
                Some(m) => {
                    let owners = remit_owners(m);
                    if owners.is_empty() {
                        m.owner
                    } else {
                        *rng.pick(&owners)
                    }
                }
                None => general_owner,
            };
            Intervention {
                id: String::new(),
                metric,
                action,
                cost: 250 * rng.range(4, 24) as u32,
                owner,
                hours: rng.range(1, 5) as u32,
            }
        })
        .collect();
    // List them in a drawn order, so the stressors' options are not first.
    rng.shuffle(&mut items);
    for (k, item) in items.iter_mut().enumerate() {
        item.id = format!("P{}", k + 1);
    }

    // Prerequisites: an intervention on a stressor needs another one (of
    // another item, or the general support) that needs nothing itself.
    let n = items.len();
    let mut needs: Vec<(usize, usize)> = Vec::new();
    let on_stressor: Vec<usize> = (0..n)
        .filter(|k| items[*k].metric.is_some_and(|m| weights.contains_key(m.id)))
        .collect();
    for _ in 0..shape.needs {
        let item = *rng.pick(&on_stressor);
        let candidates: Vec<usize> = (0..n)
            .filter(|k| {
                *k != item
                    && items[*k].metric.map(|m| m.id) != items[item].metric.map(|m| m.id)
                    && needs
                        .iter()
                        .all(|(i, d)| *i != *k && *d != item && *i != item)
            })
            .collect();
        if candidates.is_empty() {
            continue;
        }
        needs.push((item, *rng.pick(&candidates)));
    }
    // Exclusions: two interventions on different stressors, neither the
    // other's prerequisite.
    let mut excludes: Vec<(usize, usize)> = Vec::new();
    for _ in 0..shape.excludes {
        let a = *rng.pick(&on_stressor);
        let candidates: Vec<usize> = on_stressor
            .iter()
            .copied()
            .filter(|b| {
                *b != a
                    && items[*b].metric.map(|m| m.id) != items[a].metric.map(|m| m.id)
                    && !needs.contains(&(a, *b))
                    && !needs.contains(&(*b, a))
                    && !excludes
                        .iter()
                        .any(|(x, y)| (*x, *y) == (a, *b) || (*x, *y) == (*b, a))
            })
            .collect();
        if candidates.is_empty() {
            continue;
        }
        let b = *rng.pick(&candidates);
        excludes.push((a.min(b), a.max(b)));
    }

    // Each owner can give a part of the hours their interventions ask.
    let capacity: Vec<(Owner, u32)> = OWNERS
        .into_iter()
        .map(|owner| {
            let asked: Vec<u32> = items
                .iter()
                .filter(|i| i.owner == owner)
                .map(|i| i.hours)
                .collect();
            let most = asked.iter().copied().max().unwrap_or(0);
            let total: u32 = asked.iter().sum();
            let share = rng.range(50, 75) as u32;
            let cap = (total * share / 100).max(most).max(2);
            (owner, cap)
        })
        .collect();
    // The cap: a share of what the cheapest option on every stressor
    // costs together, in $250 steps.
    let cheapest: u32 = weights
        .keys()
        .filter_map(|id| {
            items
                .iter()
                .filter(|i| i.metric.is_some_and(|m| m.id == *id))
                .map(|i| i.cost)
                .min()
        })
        .sum();
    let share = rng.range(50, 75) as u32;
    let budget_cap = (cheapest * share / 100).div_ceil(250) * 250;
    Catalogue {
        items,
        needs,
        excludes,
        capacity,
        budget_cap,
        weights,
        best: 0,
    }
}

/// The catalogue as the observation's cards show it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct CatalogueCard {
    /// The interventions to choose from, in catalogue order.
    pub interventions: Vec<InterventionCard>,
    /// Hours a week each owner can give the plan.
    pub capacity: Vec<CapacityEntry>,
    /// The most the chosen interventions may cost together, in US dollars.
    pub budget_cap: u32,
}

/// One intervention as the observation's catalogue card shows it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct InterventionCard {
    /// Its id (`P1`, `P2`, ...), as a plan names it.
    pub id: String,
    /// What it does.
    pub action: String,
    /// The profile item it tackles, or "general support".
    pub tackles: String,
    /// Cost for the four weeks, in US dollars.
    pub cost: u32,
    /// The roster name of its owner.
    pub owner: String,
    /// Hours a week its owner gives it.
    pub hours_per_week: u32,
    /// The id of the intervention it needs in the plan, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub needs: Option<String>,
    /// The ids of the interventions it cannot run together with.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub excludes: Vec<String>,
}

/// The hours one owner can give the plan.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct CapacityEntry {
    /// The owner's roster name.
    pub name: String,
    /// Their role.
    pub role: String,
    /// Hours a week they can give the plan.
    pub hours_per_week: u32,
}

/// General support, as a catalogue line names what it tackles.
pub const GENERAL_SUPPORT: &str = "general support";

impl Catalogue {
    /// The catalogue as the observation shows it, owners named by `name_of`.
    pub fn card(&self, name_of: impl Fn(Owner) -> String) -> CatalogueCard {
        CatalogueCard {
            interventions: self
                .items
                .iter()
                .enumerate()
                .map(|(k, item)| InterventionCard {
                    id: item.id.clone(),
                    action: item.action.to_owned(),
                    tackles: item
                        .metric
                        .map_or(GENERAL_SUPPORT.to_owned(), |m| m.label.to_owned()),
                    cost: item.cost,
                    owner: name_of(item.owner),
                    hours_per_week: item.hours,
                    needs: self
                        .needs
                        .iter()
                        .find(|(i, _)| *i == k)
                        .map(|(_, d)| self.items[*d].id.clone()),
                    excludes: self
                        .excludes
                        .iter()
                        .filter_map(|(a, b)| match (*a == k, *b == k) {
                            (true, _) => Some(self.items[*b].id.clone()),
                            (_, true) => Some(self.items[*a].id.clone()),
                            _ => None,
                        })
                        .collect(),
                })
                .collect(),
            capacity: self
                .capacity
                .iter()
                .map(|(owner, hours)| CapacityEntry {
                    name: name_of(*owner),
                    role: owner.role().to_owned(),
                    hours_per_week: *hours,
                })
                .collect(),
            budget_cap: self.budget_cap,
        }
    }
}

/// The catalogue section of the case text.
pub fn render(card: &CatalogueCard) -> String {
    let mut out = String::from(
        "\nCatalogue of interventions (each runs for the four weeks; its cost covers them all, \
         and its owner gives it the hours a week shown):\n",
    );
    for item in &card.interventions {
        out.push_str(&format!(
            "- {}: {}. Tackles: {}. Cost: {}. Owner: {}, {} hour{} a week.",
            item.id,
            item.action,
            item.tackles,
            dollars(item.cost),
            item.owner,
            item.hours_per_week,
            if item.hours_per_week == 1 { "" } else { "s" }
        ));
        if let Some(needs) = &item.needs {
            out.push_str(&format!(" Needs {needs} in the plan too."));
        }
        if !item.excludes.is_empty() {
            out.push_str(&format!(
                " Cannot run together with {}.",
                item.excludes.join(" or ")
            ));
        }
        out.push('\n');
    }
    out.push_str("\nHours a week each owner can give this plan:\n");
    for entry in &card.capacity {
        out.push_str(&format!(
            "- {} ({}): {} hours a week\n",
            entry.name, entry.role, entry.hours_per_week
        ));
    }
    out.push_str(&format!(
        "\nBudget cap for the four weeks: {} for all chosen interventions together.\n",
        dollars(card.budget_cap)
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::it_mental_health::plan::generate_at;
    use crate::it_mental_health::scenario::{Case, TaskKind};
    use crate::it_mental_health::writers::Style;
    use crate::points::Points;

    #[test]
    fn every_catalogue_case_has_exactly_one_best_plan_that_binds() {
        for level in [4, 5] {
            for seed in 0..300 {
                let case = generate_at(level, seed);
                let catalogue = case.catalogue.as_ref().expect("a catalogue level");
                assert!(catalogue.items.len() <= MOST_ITEMS);
                // The exhaustive search, again: one plan of the top
                // (value, cost), and it is the one the case keeps.
                assert_eq!(
                    catalogue.unique_best(),
                    Some(catalogue.best),
                    "{level}/{seed}"
                );
                let all: u32 = catalogue.weights.values().sum();
                let value = catalogue.value(catalogue.best);
                assert!(value > 0 && value < all, "{level}/{seed}: {value} of {all}");
                if level == 5 {
                    assert_ne!(catalogue.greedy(), catalogue.best, "{seed}");
                }
            }
        }
    }

    #[test]
    fn the_reference_scores_full_in_every_style_at_the_catalogue_levels() {
        for level in [4, 5] {
            for seed in 0..200 {
                let case = Case::generate_at(TaskKind::InterventionPlan, level, seed);
                for style in [Style::Reference, Style::Prose, Style::Bullets, Style::Table] {
                    let grade = case.grade(&case.write(style));
                    assert_eq!(
                        grade.total,
                        Points::FULL,
                        "{level}/{seed} {style:?}: {:?}\n{}",
                        grade.notes,
                        case.write(style)
                    );
                }
            }
        }
    }

    #[test]
    #[ignore = "prints a case"]
    fn show_a_case() {
        let case = Case::generate_at(TaskKind::InterventionPlan, 5, 7);
        println!(
            "{}\n\n{}",
            case.scenario_text(),
            case.write(Style::Reference)
        );
    }
}
