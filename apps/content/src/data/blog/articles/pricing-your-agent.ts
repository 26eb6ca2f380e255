import { BRAND } from '@agentora/data';

export const pricingYourAgent = `You have built an agent that works. Now comes a decision many creators find harder than the engineering: what to charge for it. Price it too high and nobody tries it; too low and you cannot afford to maintain it. This guide walks through the three pricing models ${BRAND} will support at launch and how to choose between them.

## The three models

### One-time purchase

The buyer pays once and owns a licence to run the agent. This works best for agents that do a **bounded job with little ongoing cost to you**, such as a document-conversion agent or a template generator.

- **Pros:** simple to understand, an easy yes for cautious buyers.
- **Cons:** no recurring income, and you still carry the cost of updates.

### Monthly subscription

The buyer pays a fixed amount every month for access. Subscriptions suit agents that **deliver steady value and need regular maintenance**, such as a reporting agent connected to changing data sources.

- **Pros:** predictable income that funds improvements.
- **Cons:** buyers expect visible progress to justify renewing.

### Pay-per-use

The buyer pays for what they run, for example a price per 100 uses. This is the natural fit for **bursty workloads** such as support, lead scoring and code review.

- **Pros:** the lowest barrier to trying your agent; income grows with your buyers' success.
- **Cons:** income varies month to month.

## How to choose

Ask yourself three questions:

1. **How often will a typical buyer run it?** Daily, continuous use points to a subscription; occasional or seasonal use points to pay-per-use.
2. **What does each run cost you?** If runs use a lot of model tokens, pay-per-use protects your margin.
3. **How much does the agent change over time?** Frequent updates are easier to fund with recurring revenue.

## Setting the number

Start from the value, not the cost. If your support agent resolves a ticket that costs a business several dollars to handle by hand, charging a fraction of that per resolution is an easy sale. Then sanity-check against your own costs and against similar agents in the marketplace. Ready-made agents on ${BRAND} are expected to range from **$10 to $1,000**, so position yourself deliberately within that range.

## Earning while you sleep

Pricing is only half of passive income. The other half is what happens after the sale, and that is where a marketplace earns its share:

- **Licensing and payment split** are handled automatically on every sale.
- An **earnings dashboard** shows revenue by agent, plan and buyer.
- **Built-in analytics** show which features buyers use and where runs fail.
- **Reviews and ratings** tell you what to build next, and good ones sell your agent for you.

## A simple launch plan

1. Launch with pay-per-use to lower the barrier for the first buyers.
2. Collect reviews and usage data for a month.
3. Add a monthly plan for your heaviest users once you know what they value.

**The best price is one you can explain in a sentence.** Buyers should know exactly what they pay for, and you should know exactly what each sale is worth to you.`;
