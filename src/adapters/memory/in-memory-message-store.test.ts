import { describeMessageStoreConformance } from "../../testing/message-store-conformance.js";
import { InMemoryMessageStore } from "./in-memory-message-store.js";

describeMessageStoreConformance("in-memory", async () => ({ store: new InMemoryMessageStore() }));
