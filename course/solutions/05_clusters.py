"Solutions to lesson 5: clusters."
from sklearn.cluster import KMeans
from sklearn.metrics import silhouette_score


def choose_k(vectors, ks):
    "Exercise 5.1: the k whose KMeans clustering has the best silhouette."
    scores = {k: silhouette_score(vectors, KMeans(k, n_init=10, random_state=0).fit_predict(vectors)) for k in ks}
    return max(scores, key=scores.get)
