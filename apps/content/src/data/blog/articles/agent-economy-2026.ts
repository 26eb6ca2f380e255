import { BRAND, LAUNCH_YEAR } from '@agentora/data';

export const agentEconomy2026 = `Every few years the unit of software changes. First we bought boxes, then licences, then seats in the cloud. The next unit is already taking shape: the **AI agent**, a piece of software that does a job on its own rather than waiting for a person to click through it. This analysis looks at where that market stands today, what is holding it back, and why we expect ${LAUNCH_YEAR} to be the year it opens up.

## The demand is real, the supply is not

Analysts now expect AI agents to handle **80% of routine business operations by ${LAUNCH_YEAR}**: answering customers, reconciling invoices, qualifying leads, triaging code reviews. Business teams want these agents today. The trouble is getting them.

Building a production-grade agent in-house still costs between **$50K and $500K** and takes **6 to 12 months**. That budget covers far more than a model call. It pays for prompt and tool design, evaluation data, guardrails, monitoring, an on-call rotation and the infrastructure to run it all. Most small and mid-sized companies cannot justify that spend for a single workflow, so they wait.

## Where the money goes

When we interviewed teams that had shipped their own agents, three cost centres came up again and again:

1. **Engineering time.** Agents fail in surprising ways, and most of the effort goes into testing edge cases rather than writing the first version.
2. **Idle infrastructure.** Agents run in bursts. A support agent is busy at 9am and idle at 3am, yet the servers behind it are paid for around the clock.
3. **Maintenance.** Models, APIs and business rules change. An agent nobody maintains degrades quickly.

The second point deserves a number of its own. Across the deployments we studied, roughly **70% of provisioned compute sat unused**. Each company sized its servers for its own peak and paid for the valleys.

## What a marketplace changes

A marketplace flips the economics. Instead of every company building the same invoice-matching agent from scratch, one creator builds it well and many buyers use it. The cost of development is shared across customers, and ready agents can be offered for **$10 to $1,000** rather than six figures.

A shared compute pool does the same for infrastructure. When thousands of agents draw on one pool, the peaks of one workload fill the valleys of another. Buyers pay for the runs they use, not for servers waiting for work.

### Who benefits first

- **Startups** that need support, sales and operations coverage before they can hire for it.
- **No-code founders** who can describe a workflow but do not want to maintain infrastructure.
- **Business teams** inside larger companies that are tired of waiting in the engineering queue.
- **Enterprises** that want proven agents they can deploy privately, with their own controls.

## The risks worth watching

A healthy agent market is not guaranteed. Buyers need a way to judge quality before they pay, which is why ratings, reviews and transparent usage metrics matter as much as the agents themselves. Creators need protection too: their prompts and API keys are their intellectual property, and a marketplace that leaks them will not keep its best sellers.

Pricing is the other open question. Some agents fit a one-time purchase, others a monthly subscription, and many are best sold per use. We expect all three models to coexist, with pay-per-use winning for bursty workloads.

## Our outlook for ${LAUNCH_YEAR}

We expect the agent market to follow the path app stores took a decade and a half ago: a slow start, a tipping point once discovery and payment are solved, and then rapid growth as creators see real income. ${BRAND} is being built for that tipping point, with **1000+ agents ready at launch**, a shared global compute pool and one-click deployment.

The companies that move first will not be the ones with the biggest AI budgets. They will be the ones that stop building everything themselves and start assembling proven agents instead.`;
