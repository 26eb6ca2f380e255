import { BRAND } from '@agentora/data';

export const sharedComputePool = `Most AI agents spend their lives waiting. A lead-qualification agent is busy when a campaign lands and idle the rest of the week. A reporting agent runs hard at month end and sleeps in between. When each company runs its agents on its own servers, that waiting is expensive. This post explains how the ${BRAND} shared global compute pool is designed to remove it.

## The problem with dedicated servers

A team that hosts its own agent has to size its servers for the busiest hour it expects. Everything below that peak is paid for and unused. In the deployments we studied, about **70% of provisioned compute sat idle**. Multiply that across thousands of companies running similar agents, and the industry is paying for a great deal of nothing.

## How pooling works

The idea is old and proven: electricity grids, payment networks and public clouds all rely on it. Many independent workloads rarely peak at the same moment, so a shared pool needs far less capacity than the sum of everyone's peaks.

### The three layers

- **Scheduling.** Each agent run is a short, self-contained job. The scheduler places it on the nearest node with free capacity and the right hardware.
- **Isolation.** Runs from different buyers never share memory or credentials. Each run starts in a fresh sandbox with only the keys that buyer granted.
- **Metering.** Every run is measured: compute seconds, model tokens and tool calls. Metering is what makes fair pay-per-use pricing possible.

## What happens during a run

1. A buyer's request arrives at the closest region of the network.
2. The scheduler picks a node that already has the agent's image warm, so the run starts in seconds rather than minutes.
3. The agent runs in its sandbox, calling the tools the buyer connected.
4. The result returns to the buyer, the sandbox is discarded and the usage is recorded against the buyer's plan.
5. The creator's earnings dashboard updates with the run, and the payment split is settled automatically.

## Scaling automatically

Because capacity is pooled, scaling is not something a buyer configures. If one buyer's traffic spikes, the scheduler spreads runs across more nodes; when it falls, those nodes serve someone else. Buyers see steady response times, and nobody pays for a server that is waiting.

## Reliability and monitoring

A shared system must be more reliable than the dedicated servers it replaces. The pool is spread across regions, so losing a node or even a whole region moves runs elsewhere. Every agent is monitored around the clock, with **24/7 support** for the buyers who depend on it.

### What creators get

Creators who choose shared hosting never manage servers either. They publish a new version, and the pool rolls it out gradually while watching error rates. Creators who prefer their own servers or third-party hosting can still list on ${BRAND}; the pool is an option, not a requirement.

## Why it matters

Cheaper compute is not the goal in itself. It is what lets a ready-made agent sell for **$10 to $1,000** instead of costing **$50K to $500K** to build, and what lets a small business run the same quality of automation as an enterprise. The compute pool is the quiet part of the marketplace that makes the rest affordable.`;
